-- The rest of the creditor area (document 1): creditor master data and contract, permanent-debt
-- details and stop, the work queue with its states of affairs, notifications, creditor statements,
-- e-mail reminder settings and the terms the main user accepts (opt-in). Company users are app_user
-- rows with a creditor role (0002 ties roles and creditor together).

ALTER TABLE creditor
  -- contact (document 2 §3 "contact (salutation, contactName, street, zip, city, phone, mobileNumber, email)")
  ADD COLUMN salutation salutation,
  ADD COLUMN contact_name text,
  ADD COLUMN mobile_number text,
  -- contract and legal data
  ADD COLUMN legal_form legal_form,
  ADD COLUMN register_number text,
  ADD COLUMN place_of_authority text,
  ADD COLUMN proprietor text,
  ADD COLUMN contract_number text,
  ADD COLUMN contract_start date,
  ADD COLUMN contract_date date,
  ADD COLUMN founding_date date,
  ADD COLUMN entitled_to_deduct_vat boolean,
  ADD COLUMN vob boolean,
  ADD COLUMN annual_turnover bigint CHECK (annual_turnover >= 0),
  ADD COLUMN online_turnover_rate numeric(5, 2) CHECK (online_turnover_rate BETWEEN 0 AND 100),
  ADD COLUMN factorable_turnover bigint CHECK (factorable_turnover >= 0),
  ADD COLUMN creditor_limit bigint CHECK (creditor_limit >= 0),
  ADD COLUMN service_fee numeric(5, 2) CHECK (service_fee BETWEEN 0 AND 100),
  ADD COLUMN setup_fee setup_fee,
  ADD COLUMN credit_score integer,
  ADD COLUMN cms_key text UNIQUE,
  ADD COLUMN wz_code text,
  -- the ONR number; onboarding rejects one that is already assigned
  ADD COLUMN csp_identifier text UNIQUE,
  ADD COLUMN ddm_identifier text,
  -- the creditor's own direct debit mandate (the provider collects fees from it)
  ADD COLUMN sepa_account_owner text,
  ADD COLUMN sepa_iban text,
  ADD COLUMN sepa_city text,
  ADD COLUMN sepa_date date,
  ADD COLUMN sepa_expired_date date,
  ADD COLUMN sepa_reference_number text,
  -- extensions: letter2post (documents) and doc2portal (invoices), the web app key
  ADD COLUMN documents_enabled boolean NOT NULL DEFAULT false,
  ADD COLUMN invoices_enabled boolean NOT NULL DEFAULT false,
  ADD COLUMN web_app_key text UNIQUE,
  -- the admin-set creditor permissions (schema/permissions.yaml creditorPermissions, server names)
  ADD COLUMN permissions jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN default_exposure_type exposure_type,
  -- "a maximum number of additional accesses" (value not shown; decision: 5 by default)
  ADD COLUMN max_company_users integer NOT NULL DEFAULT 5 CHECK (max_company_users >= 0),
  ADD COLUMN is_service_fee_period_active boolean NOT NULL DEFAULT false,
  ADD COLUMN api_error_count integer NOT NULL DEFAULT 0 CHECK (api_error_count >= 0),
  ADD COLUMN registration_state registration_state,
  ADD COLUMN sent_to_sap_at timestamptz,
  ADD CONSTRAINT creditor_sepa_owner_check CHECK (sepa_iban IS NULL OR sepa_account_owner IS NOT NULL);

-- Admin creditor list (GET /creditor/list): filters and sorts by name, status, product, SAP number, city.
CREATE INDEX creditor_name_icu_idx ON creditor (name COLLATE "und-x-icu");
CREATE INDEX creditor_status_idx ON creditor (status, name COLLATE "und-x-icu");
CREATE INDEX creditor_product_idx ON creditor (product, name COLLATE "und-x-icu");
CREATE INDEX creditor_city_idx ON creditor (city COLLATE "und-x-icu");
CREATE INDEX creditor_created_idx ON creditor (created_at DESC);
CREATE INDEX creditor_email_idx ON creditor (lower(email));

-- Admin user list (GET /user-management/user/list).
CREATE INDEX app_user_name_icu_idx ON app_user (name COLLATE "und-x-icu");
CREATE INDEX app_user_product_status_idx ON app_user (product, status);

-- The intermediary of a registration (document 2 §3 section intermediary), one per creditor.
CREATE TABLE creditor_intermediary (
  creditor_id integer PRIMARY KEY REFERENCES creditor (id) ON DELETE CASCADE,
  asset_consultant_name text,
  salutation salutation,
  first_name text,
  last_name text,
  street text,
  zip text,
  city text,
  phone text,
  email text,
  department text,
  asset_consultant_number text,
  intermediary_number text CHECK (intermediary_number ~ '^[0-9]{6}$'),
  notes text,
  privacy_policy_accepted boolean NOT NULL DEFAULT false
);

ALTER TABLE permanent_debt
  ADD COLUMN performance_date_index smallint NOT NULL DEFAULT 0 CHECK (performance_date_index >= 0),
  ADD COLUMN attachment_file_name text,
  ADD COLUMN attachment_source text,
  ADD COLUMN official_voucher_source text,
  -- the stop (server name permanentVoucherStop) with its stop letter
  ADD COLUMN stopped_at timestamptz,
  ADD COLUMN stop_official_voucher_source text,
  ADD CONSTRAINT permanent_debt_vat_check CHECK (vat BETWEEN 0 AND 100),
  ADD CONSTRAINT permanent_debt_dates_check CHECK (end_date IS NULL OR end_date >= start_date),
  ADD CONSTRAINT permanent_debt_stop_check CHECK (stopped_at IS NULL OR status = 'stopped'),
  ADD CONSTRAINT permanent_debt_attachment_check CHECK (attachment_source IS NULL OR attachment_file_name IS NOT NULL),
  ADD CONSTRAINT permanent_debt_location_of_debtor_fkey FOREIGN KEY (creditor_id, debtor_id, location_id)
    REFERENCES location (creditor_id, debtor_id, id);

-- Permanent-debt list (GET /permanent-debt/list) and its filter-option lists.
CREATE INDEX permanent_debt_creditor_created_idx ON permanent_debt (creditor_id, created_at DESC);
CREATE INDEX permanent_debt_creditor_status_idx ON permanent_debt (creditor_id, status, start_date DESC);
CREATE INDEX permanent_debt_creditor_next_idx ON permanent_debt (creditor_id, next_execution_date);
CREATE INDEX permanent_debt_creditor_location_idx ON permanent_debt (creditor_id, location_id);
CREATE INDEX permanent_debt_creditor_subject_idx ON permanent_debt (creditor_id, subject COLLATE "und-x-icu");
CREATE INDEX permanent_debt_creditor_number_idx
  ON permanent_debt (creditor_id, custom_number COLLATE "und-x-icu");
CREATE INDEX permanent_debt_creditor_amount_idx ON permanent_debt (creditor_id, gross_amount);

-- States of affairs: the provider's catalogue of decisions (imported by admins as CSV), not a tenant's.
CREATE TABLE state_of_affairs (
  code text PRIMARY KEY,
  title text NOT NULL,
  text text,
  follow_up_action work_queue_follow_up NOT NULL DEFAULT 'default',
  reject_action work_queue_follow_up NOT NULL DEFAULT 'default',
  accept_file_required boolean NOT NULL DEFAULT false,
  reject_file_required boolean NOT NULL DEFAULT false,
  imported_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE state_of_affairs_option (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  state_code text NOT NULL REFERENCES state_of_affairs (code) ON DELETE CASCADE,
  -- true: one of the accepted options, false: one of the rejected options
  accepted boolean NOT NULL,
  code text NOT NULL,
  text text NOT NULL,
  full_amount boolean NOT NULL DEFAULT true,
  note_required boolean NOT NULL DEFAULT false,
  position smallint NOT NULL DEFAULT 0,
  UNIQUE (state_code, code)
);

CREATE TABLE work_queue_item (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  creditor_id integer NOT NULL REFERENCES creditor (id),
  debtor_id integer,
  location_id integer,
  state_of_affairs_code text REFERENCES state_of_affairs (code),
  status work_queue_status NOT NULL DEFAULT 'open',
  title text NOT NULL,
  text text,
  file_identifier text,
  transaction_key text,
  document_urls text[] NOT NULL DEFAULT '{}',
  -- the answer (POST …/work-queue/{id}/{answerCode}/{followUpAction})
  answer_code text,
  answer_follow_up work_queue_follow_up,
  answer_note text,
  answered_by_user_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  sent_at timestamptz,
  UNIQUE (creditor_id, id),
  CHECK (finished_at IS NULL OR status = 'done'),
  CHECK (sent_at IS NULL OR answer_code IS NOT NULL),
  CHECK (location_id IS NULL OR debtor_id IS NOT NULL),
  FOREIGN KEY (creditor_id, debtor_id) REFERENCES debtor (creditor_id, id),
  FOREIGN KEY (creditor_id, debtor_id, location_id) REFERENCES location (creditor_id, debtor_id, id),
  FOREIGN KEY (creditor_id, answered_by_user_id) REFERENCES app_user (creditor_id, id)
);
-- work-queue list by status, newest first; the unhandled count (open, read)
CREATE INDEX work_queue_item_creditor_status_idx ON work_queue_item (creditor_id, status, created_at DESC);
CREATE INDEX work_queue_item_creditor_created_idx ON work_queue_item (creditor_id, created_at DESC);
CREATE INDEX work_queue_item_debtor_idx ON work_queue_item (debtor_id) WHERE debtor_id IS NOT NULL;

CREATE TABLE work_queue_message (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  creditor_id integer NOT NULL,
  work_queue_item_id integer NOT NULL,
  sender work_queue_sender NOT NULL,
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (creditor_id, work_queue_item_id) REFERENCES work_queue_item (creditor_id, id) ON DELETE CASCADE
);
CREATE INDEX work_queue_message_item_idx ON work_queue_message (work_queue_item_id, created_at);

-- The vouchers and counter vouchers a decision is about.
CREATE TABLE work_queue_voucher (
  creditor_id integer NOT NULL,
  work_queue_item_id integer NOT NULL,
  voucher_id integer NOT NULL,
  is_counter_voucher boolean NOT NULL DEFAULT false,
  PRIMARY KEY (work_queue_item_id, voucher_id),
  FOREIGN KEY (creditor_id, work_queue_item_id) REFERENCES work_queue_item (creditor_id, id) ON DELETE CASCADE,
  FOREIGN KEY (creditor_id, voucher_id) REFERENCES voucher (creditor_id, id) ON DELETE CASCADE
);
-- a voucher's open work-queue entries and the list's hasWorkQueue
CREATE INDEX work_queue_voucher_voucher_idx ON work_queue_voucher (voucher_id);

-- Notifications per user (read state is the user's own).
CREATE TABLE notification (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  creditor_id integer NOT NULL,
  user_id integer NOT NULL,
  status notification_status NOT NULL DEFAULT 'new',
  type text,
  title text NOT NULL,
  message text,
  voucher_id integer,
  debtor_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (creditor_id, user_id) REFERENCES app_user (creditor_id, id) ON DELETE CASCADE,
  FOREIGN KEY (creditor_id, voucher_id) REFERENCES voucher (creditor_id, id),
  FOREIGN KEY (creditor_id, debtor_id) REFERENCES debtor (creditor_id, id)
);
CREATE INDEX notification_user_status_idx ON notification (user_id, status, created_at DESC);
CREATE INDEX notification_user_created_idx ON notification (user_id, created_at DESC);

-- Creditor vouchers: the provider's statements to the creditor (master data, tab creditor vouchers).
CREATE TABLE creditor_voucher (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  creditor_id integer NOT NULL REFERENCES creditor (id),
  type creditor_voucher_type NOT NULL,
  amount bigint NOT NULL,
  sap_number text,
  sap_reference_number text,
  archive_source_file text,
  voucher_date date NOT NULL,
  read_status creditor_voucher_read_status NOT NULL DEFAULT 'new',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX creditor_voucher_creditor_date_idx ON creditor_voucher (creditor_id, voucher_date DESC, id DESC);
CREATE INDEX creditor_voucher_creditor_type_idx ON creditor_voucher (creditor_id, type, voucher_date DESC);
CREATE INDEX creditor_voucher_creditor_read_idx ON creditor_voucher (creditor_id, read_status);
CREATE INDEX creditor_voucher_creditor_sap_idx ON creditor_voucher (creditor_id, sap_number);
CREATE INDEX creditor_voucher_creditor_reference_idx ON creditor_voucher (creditor_id, sap_reference_number);

CREATE TABLE email_reminder_setting (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  creditor_id integer NOT NULL REFERENCES creditor (id) ON DELETE CASCADE,
  email text NOT NULL,
  frequency reminder_frequency NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX email_reminder_setting_email_key ON email_reminder_setting (creditor_id, lower(email));

-- Terms documents per product and version; an approval asks one user (the main user) to accept a set.
CREATE TABLE terms_document (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  product_type product_type NOT NULL,
  document_type terms_document_type NOT NULL,
  version text NOT NULL,
  source text NOT NULL,
  modified_at timestamptz NOT NULL,
  UNIQUE (product_type, document_type, version)
);

CREATE TABLE terms_approval (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  creditor_id integer NOT NULL,
  user_id integer NOT NULL,
  changes_text text,
  created_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz,
  FOREIGN KEY (creditor_id, user_id) REFERENCES app_user (creditor_id, id) ON DELETE CASCADE
);
CREATE INDEX terms_approval_open_idx ON terms_approval (user_id) WHERE accepted_at IS NULL;
CREATE INDEX terms_approval_creditor_idx ON terms_approval (creditor_id, created_at DESC);

CREATE TABLE terms_approval_document (
  terms_approval_id integer NOT NULL REFERENCES terms_approval (id) ON DELETE CASCADE,
  terms_document_id integer NOT NULL REFERENCES terms_document (id),
  PRIMARY KEY (terms_approval_id, terms_document_id)
);
