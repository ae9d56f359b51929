-- Enumerations as domains. Every enumeration of schema/enums/ that the database stores is one domain
-- named after it (snake_case of the YAML name) allowing exactly the YAML values, so a value list lives
-- in one place here as it does in the YAML; tests/api/database.test.ts compares each domain with
-- generated/enums.ts. A YAML change therefore needs a migration `ALTER DOMAIN … ADD/DROP CONSTRAINT`.
-- The columns of 0001 move from their inline CHECKs to these domains (same values, one source).
-- Enumerations the database never stores (filters, tutorial tags, form actions, insurance reasons shown
-- from codes) have no domain; the test lists them by name.

CREATE DOMAIN creditor_status AS text CHECK (VALUE IN ('active', 'blocked', 'terminated'));
CREATE DOMAIN creditor_voucher_read_status AS text CHECK (VALUE IN ('new', 'read'));
CREATE DOMAIN creditor_voucher_type AS text CHECK (VALUE IN ('FF', 'VH', 'ZP', 'VB', 'VM', 'ZA', 'VA', 'FA',
  'XA', 'VR'));
CREATE DOMAIN debtor_assignment_status AS text CHECK (VALUE IN ('in_review', 'accepted', 'declined', 'open',
  'progress', 'done'));
CREATE DOMAIN debtor_status AS text CHECK (VALUE IN ('active', 'inactive', 'reactivated'));
CREATE DOMAIN debtor_type AS text CHECK (VALUE IN ('business', 'customer'));
CREATE DOMAIN delivery_type AS text CHECK (VALUE IN ('email', 'post'));
CREATE DOMAIN dunning_type AS text CHECK (VALUE IN ('notDunned', 'halt', 'paymentReminder', 'dunning',
  'encashment', 'DELAY', 'DISPUTE', 'ENCASHMENT'));
CREATE DOMAIN exposure_type AS text CHECK (VALUE IN ('purchase', 'service'));
CREATE DOMAIN history_event_type AS text CHECK (VALUE IN ('work_queue', 'bnet_status',
  'bnet_purchase_status'));
CREATE DOMAIN identification_reason AS text CHECK (VALUE IN ('csp_identifier', 'limit_address_and_name',
  'location_address_and_name', 'limit_address_and_custom_debtor_number',
  'location_address_and_custom_debtor_number', 'customer_list'));
CREATE DOMAIN legal_form AS text CHECK (VALUE IN ('EINZELUNTERNEHMEN', 'FREIBERUFLER', 'EK', 'GBR', 'OHG',
  'KG', 'GMBH_CO_KG', 'PARTG', 'GMBH', 'UG', 'AG', 'EG', 'EV'));
CREATE DOMAIN limit_reason_code_business AS text CHECK (VALUE IN ('ID_1', 'ID_4', 'ID_9', 'ID_10'));
CREATE DOMAIN limit_reason_code_customer AS text CHECK (VALUE IN ('ID_1', 'ID_3', 'ID_4', 'ID_9', 'ID_10'));
CREATE DOMAIN notification_status AS text CHECK (VALUE IN ('new', 'read'));
CREATE DOMAIN payment_method AS text CHECK (VALUE IN ('bank_transfer', 'direct_debit_mandate'));
CREATE DOMAIN pending_voucher_status AS text CHECK (VALUE IN ('duplicate', 'encashment_direct',
  'in_future_billing', 'in_future_factoring', 'in_future_performance_date', 'not_purchasable',
  'insurance_invoice_incomplete', 'insurance_payment_deadline_too_short',
  'insurance_payment_deadline_too_long', 'insurance_service_date_too_old'));
CREATE DOMAIN permanent_debt_period AS text CHECK (VALUE IN ('daily', 'weekly', 'biweekly', 'monthly',
  'bimonthly', 'three_monthly', 'six_monthly', 'yearly'));
CREATE DOMAIN permanent_debt_status AS text CHECK (VALUE IN ('created', 'active', 'stopped', 'expired',
  'ended'));
CREATE DOMAIN processing_code AS smallint CHECK (VALUE IN (101, 102, 103, 104, 105, 106, 107, 108, 109, 110,
  111, 112, 113, 114, 115, 116, 117, 150, 151, 152, 153, 200, 201, 220, 221, 222, 801, 802, 803, 901, 902,
  903, 904, 905, 920, 921, 922, 923, 925, 926, 928, 929, 930, 931, 932, 933, 934, 935, 936, 937, 938, 939));
CREATE DOMAIN processing_sub_status AS text CHECK (VALUE IN ('document_in_review',
  'debtor_will_be_identified', 'document_will_be_identified', 'manually_reviewed', 'document_read',
  'debtor_in_review', 'review_completed', 'voucher_creation_started', 'ready_to_deliver'));
CREATE DOMAIN product_type AS text CHECK (VALUE IN ('SMAFA', 'APL', 'FW', 'DAA', 'DAB', 'FAS', 'VHV', 'TPF'));
CREATE DOMAIN purchase_status AS text CHECK (VALUE IN ('GEKAUFT', 'NACHTRAEGLICH_GEKAUFT',
  'MANUELLE_ANKAUFSLISTE', 'OFFENGELEGT', 'SCHADENSMELDUNG_MUSS_ERFOLGEN', 'SCHADENSMELDUNG_ERFOLGT',
  'ANKAUFBAR', 'NICHT_ANKAUFBAR', 'NICHT_MEHR_ANKAUFBAR', 'RUECKBELASTET', 'NICHT_GEKAUFT', 'RUECKBELASTUNG',
  'IN_PRUEFUNG', 'UNGEPRUEFT'));
CREATE DOMAIN purchase_status_reason AS smallint CHECK (VALUE IN (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
  13, 14, 15));
CREATE DOMAIN registration_state AS text CHECK (VALUE IN ('sap_registered', 'setup_fee_charged',
  'user_created'));
CREATE DOMAIN reminder_frequency AS text CHECK (VALUE IN ('daily', 'weekly', 'biweekly', 'monthly',
  'bimonthly', 'three_monthly', 'six_monthly', 'yearly'));
CREATE DOMAIN salutation AS text CHECK (VALUE IN ('Herr', 'Frau'));
CREATE DOMAIN sepa_update_request_status AS text CHECK (VALUE IN ('in_review', 'accepted', 'declined'));
CREATE DOMAIN service_fee_condition_status AS text CHECK (VALUE IN ('planned', 'active', 'expired'));
CREATE DOMAIN setup_fee AS bigint CHECK (VALUE IN (49900, 24900, 0));
CREATE DOMAIN solvency_color AS text CHECK (VALUE IN ('green', 'yellow', 'red'));
CREATE DOMAIN solvency_reason_code_business AS text CHECK (VALUE IN ('ID_0', 'ID_1', 'ID_3', 'ID_4', 'ID_8',
  'ID_10'));
CREATE DOMAIN solvency_reason_code_customer AS text CHECK (VALUE IN ('ID_0', 'ID_1', 'ID_3', 'ID_4',
  'ID_10'));
CREATE DOMAIN terms_document_type AS text CHECK (VALUE IN ('dataProcessingAgreement', 'encashmentConditions',
  'termsAndConditions', 'termsOfUse'));
CREATE DOMAIN user_status AS text CHECK (VALUE IN ('new', 'active', 'blocked', 'password_reset_requested',
  'password_reset', 'terminated'));
CREATE DOMAIN voucher_source AS text CHECK (VALUE IN ('document_guide_epost', 'portal_upload', 'billomat',
  'business_central', 'collmex', 'datev', 'easybill', 'fastbill', 'jtl_wawi', 'lexoffice', 'orgamax', 'sage',
  'sevdesk', 'weclapp', 'wiso_meinbuero', 'xentral'));
CREATE DOMAIN voucher_status AS text CHECK (VALUE IN ('open', 'closed', 'failed', 'pending', 'unknown',
  'tpf_in_review', 'tpf_accepted', 'tpf_not_purchased', 'tpf_balanced'));
CREATE DOMAIN voucher_sub_status AS text CHECK (VALUE IN ('accepted', 'counted_back', 'count_back',
  'customer_complaint', 'delayed', 'deferred_payment', 'dunning', 'encashment', 'halt', 'in_review',
  'not_purchasable', 'not_purchasable_anymore', 'not_purchased', 'payment_reminder', 'purchasable',
  'purchased', 'purchased_later', 'purchased_manually', 'unverified', 'disclosed', 'manual_purchase_list',
  'unknown'));
CREATE DOMAIN voucher_type AS text CHECK (VALUE IN ('invoice', 'permanent_debt', 'invoice_encashment_direct',
  'epod', 'abandonment', 'annulation', 'credit_advice', 'debit_payment', 'deposit', 'deposit_encashment',
  'deposit_insurance', 'direct_payment', 'impersonal_account_voucher', 'voucher_retirement_degener',
  'vat_retirement', 'voucher_retirement', 'epod_settlement'));
CREATE DOMAIN work_queue_follow_up AS text CHECK (VALUE IN ('credit_advice', 'direct_payment', 'abandonment',
  'annulation', 'exposure_type', 'voucher_upload', 'default'));
CREATE DOMAIN work_queue_sender AS text CHECK (VALUE IN ('creditor', 'other'));
CREATE DOMAIN work_queue_status AS text CHECK (VALUE IN ('open', 'read', 'send', 'done', 'error'));

-- 0001 columns: drop the inline value lists, type the columns with the domains.
ALTER TABLE creditor
  DROP CONSTRAINT creditor_status_check,
  ALTER COLUMN status TYPE creditor_status,
  ALTER COLUMN product TYPE product_type;

ALTER TABLE app_user
  DROP CONSTRAINT app_user_status_check,
  ALTER COLUMN status TYPE user_status,
  ALTER COLUMN product TYPE product_type;

ALTER TABLE debtor
  DROP CONSTRAINT debtor_debtor_type_check,
  DROP CONSTRAINT debtor_status_check,
  DROP CONSTRAINT debtor_payment_method_check,
  DROP CONSTRAINT debtor_solvency_color_check,
  ALTER COLUMN debtor_type TYPE debtor_type,
  ALTER COLUMN status TYPE debtor_status,
  ALTER COLUMN payment_method TYPE payment_method,
  ALTER COLUMN solvency_color TYPE solvency_color,
  -- solvency reason codes differ by debtor type (document 1 §8); the cast applies the matching domain
  ADD CONSTRAINT debtor_solvency_reason_code_check CHECK (
    solvency_reason_code IS NULL OR CASE debtor_type
      WHEN 'business' THEN solvency_reason_code::solvency_reason_code_business IS NOT NULL
      ELSE solvency_reason_code::solvency_reason_code_customer IS NOT NULL END);

ALTER TABLE location
  DROP CONSTRAINT location_delivery_type_check,
  DROP CONSTRAINT location_status_check,
  ALTER COLUMN delivery_type TYPE delivery_type,
  ALTER COLUMN status TYPE debtor_status;

ALTER TABLE permanent_debt
  DROP CONSTRAINT permanent_debt_period_check,
  DROP CONSTRAINT permanent_debt_status_check,
  ALTER COLUMN period TYPE permanent_debt_period,
  ALTER COLUMN status TYPE permanent_debt_status;

ALTER TABLE voucher
  DROP CONSTRAINT voucher_type_check,
  DROP CONSTRAINT voucher_status_check,
  DROP CONSTRAINT voucher_purchase_status_check,
  ALTER COLUMN type TYPE voucher_type,
  ALTER COLUMN status TYPE voucher_status,
  ALTER COLUMN purchase_status TYPE purchase_status;

-- Roles come from schema/roles.yaml (not an enumeration file); the test compares this list with the
-- generated role table. A creditor-side role needs a creditor, an admin role must not have one.
ALTER TABLE app_user
  ADD CONSTRAINT app_user_roles_known_check CHECK (roles <@ ARRAY['ROLE_SUPER_ADMIN', 'ROLE_ADMIN',
    'ROLE_PRODUCT_ADMIN', 'ROLE_CREDITOR', 'ROLE_CREDITOR-MANAGEMENT', 'ROLE_CREDITOR-ASSISTANT',
    'ROLE_CREDITOR-OBSERVER']::text[]),
  ADD CONSTRAINT app_user_tenant_check CHECK ((creditor_id IS NOT NULL) = (roles && ARRAY['ROLE_CREDITOR',
    'ROLE_CREDITOR-MANAGEMENT', 'ROLE_CREDITOR-ASSISTANT', 'ROLE_CREDITOR-OBSERVER']::text[])),
  -- lets tenant-owned rows reference (creditor_id, id) of a user of the same creditor
  ADD CONSTRAINT app_user_creditor_id_id_key UNIQUE (creditor_id, id);
