-- Vouchers in full (document 1 §3 "Voucher list item", "Voucher detail", "Child voucher", "Unprocessed
-- voucher"): one row per voucher from upload to balancing. An upload is a voucher that
-- requires_processing and has no official_voucher_number yet (the unprocessed list); it may not know its
-- debtor, location, number or date until document processing has read them. Children (credits,
-- payments, balancing vouchers …) point at their parent; balancing pairs live in voucher_balancing.
-- Attachments, history and the process log hang off the voucher and go with it.

ALTER TABLE location
  -- a row naming debtor and location must name a location of that debtor
  ADD CONSTRAINT location_creditor_id_debtor_id_id_key UNIQUE (creditor_id, debtor_id, id);

ALTER TABLE voucher
  ALTER COLUMN debtor_id DROP NOT NULL,
  ALTER COLUMN location_id DROP NOT NULL,
  ALTER COLUMN custom_number DROP NOT NULL,
  ALTER COLUMN voucher_date DROP NOT NULL,
  -- a duplicate number is a pending decision (pendingStatus duplicate) the creditor may overrule, not an
  -- invariant; the number stays indexed for the duplicate check and the number filter
  DROP CONSTRAINT voucher_creditor_id_custom_number_key,
  ADD COLUMN sub_status voucher_sub_status NOT NULL DEFAULT 'unverified',
  ADD COLUMN source voucher_source NOT NULL DEFAULT 'portal_upload',
  ADD COLUMN requires_processing boolean NOT NULL DEFAULT false,
  ADD COLUMN parent_id integer,
  ADD COLUMN initial_leftover_amount bigint,
  ADD COLUMN exposure_type exposure_type,
  -- document processing (bnet): its id, processing code, purchase decision and why not purchased
  ADD COLUMN bnet_id text,
  ADD COLUMN bnet_status processing_code,
  ADD COLUMN bnet_purchase_status purchase_status,
  ADD COLUMN purchase_status_reason purchase_status_reason,
  ADD COLUMN processing_status processing_sub_status,
  ADD COLUMN pending_status pending_voucher_status,
  -- dunning as the booking system reports it
  ADD COLUMN dunning_type dunning_type,
  ADD COLUMN dunning_status text,
  ADD COLUMN dunning_block_count integer NOT NULL DEFAULT 0 CHECK (dunning_block_count >= 0),
  ADD COLUMN first_dunning_date date,
  ADD COLUMN customised_label text,
  ADD COLUMN balancing_voucher_number text,
  ADD COLUMN is_balancing_voucher boolean NOT NULL DEFAULT false,
  ADD COLUMN sap_number text,
  -- uploader's e-mail from the voucher's metadata (kept even when the user is deleted later)
  ADD COLUMN user_email text,
  ADD COLUMN document_id text,
  ADD COLUMN original_name text,
  ADD COLUMN official_voucher_source text,
  ADD COLUMN comment text,
  ADD COLUMN encashment_file_number text,
  ADD COLUMN service_fee_rate numeric(5, 2) CHECK (service_fee_rate BETWEEN 0 AND 100),
  ADD COLUMN service_fee_amount bigint CHECK (service_fee_amount >= 0),
  -- delivery to the debtor, editable while the voucher is unprocessed
  ADD COLUMN delivery_type delivery_type,
  ADD COLUMN email text,
  ADD COLUMN email_copy text,
  ADD COLUMN email_blind_copy text,
  ADD COLUMN email_marked_for_debtor text,
  ADD COLUMN end_of_pause_at timestamptz,
  ADD CONSTRAINT voucher_creditor_id_id_key UNIQUE (creditor_id, id),
  ADD CONSTRAINT voucher_parent_fkey FOREIGN KEY (creditor_id, parent_id) REFERENCES voucher (creditor_id, id),
  ADD CONSTRAINT voucher_location_of_debtor_fkey FOREIGN KEY (creditor_id, debtor_id, location_id)
    REFERENCES location (creditor_id, debtor_id, id),
  ADD CONSTRAINT voucher_parent_not_self_check CHECK (parent_id <> id),
  ADD CONSTRAINT voucher_location_needs_debtor_check CHECK (location_id IS NULL OR debtor_id IS NOT NULL),
  -- once processed (official number assigned) a voucher knows its debtor, location and date
  ADD CONSTRAINT voucher_processed_complete_check CHECK (
    official_voucher_number IS NULL OR (location_id IS NOT NULL AND voucher_date IS NOT NULL)),
  ADD CONSTRAINT voucher_pending_status_check CHECK (pending_status IS NULL OR status = 'pending'),
  ADD CONSTRAINT voucher_balancing_number_check CHECK (NOT is_balancing_voucher OR balancing_voucher_number IS NOT NULL);

-- Voucher list (document 1 §7 GET /voucher/list): every filter and sort within one creditor.
CREATE UNIQUE INDEX voucher_creditor_official_number_key ON voucher (creditor_id, official_voucher_number);
CREATE INDEX voucher_creditor_uploaded_idx ON voucher (creditor_id, uploaded_at DESC, id DESC);
CREATE INDEX voucher_creditor_voucher_date_idx ON voucher (creditor_id, voucher_date DESC);
CREATE INDEX voucher_creditor_deadline_idx ON voucher (creditor_id, payment_deadline);
CREATE INDEX voucher_creditor_amount_idx ON voucher (creditor_id, amount);
CREATE INDEX voucher_creditor_status_idx ON voucher (creditor_id, status, sub_status);
CREATE INDEX voucher_creditor_type_idx ON voucher (creditor_id, type);
CREATE INDEX voucher_creditor_purchase_status_idx ON voucher (creditor_id, purchase_status);
CREATE INDEX voucher_creditor_dunning_idx ON voucher (creditor_id, dunning_type);
CREATE INDEX voucher_creditor_source_idx ON voucher (creditor_id, source);
CREATE INDEX voucher_creditor_custom_number_idx ON voucher (creditor_id, custom_number);
-- numberToShow is the official number, else the creditor's own; sorted as text like every list
CREATE INDEX voucher_creditor_number_to_show_idx
  ON voucher (creditor_id, (coalesce(official_voucher_number, custom_number)) COLLATE "und-x-icu");
CREATE INDEX voucher_creditor_bnet_idx ON voucher (creditor_id, bnet_id) WHERE bnet_id IS NOT NULL;
CREATE INDEX voucher_creditor_encashment_idx
  ON voucher (creditor_id, encashment_file_number) WHERE encashment_file_number IS NOT NULL;
CREATE INDEX voucher_parent_idx ON voucher (parent_id, uploaded_at) WHERE parent_id IS NOT NULL;
-- unprocessed list (GET /unprocessed-voucher/list and /count), newest upload first
CREATE INDEX voucher_unprocessed_idx ON voucher (creditor_id, uploaded_at DESC)
  WHERE requires_processing AND official_voucher_number IS NULL;

-- Lists sort debtor and location names as text (ICU collation, as the repositories query them).
CREATE INDEX debtor_creditor_name_icu_idx ON debtor (creditor_id, name COLLATE "und-x-icu");
CREATE INDEX location_creditor_name_icu_idx ON location (creditor_id, name COLLATE "und-x-icu");

CREATE TABLE voucher_attachment (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  creditor_id integer NOT NULL,
  voucher_id integer NOT NULL,
  file_name text NOT NULL,
  path text NOT NULL,
  mime_type text,
  size_bytes bigint CHECK (size_bytes BETWEEN 1 AND 10485760),
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (creditor_id, voucher_id) REFERENCES voucher (creditor_id, id) ON DELETE CASCADE
);
CREATE INDEX voucher_attachment_voucher_idx ON voucher_attachment (voucher_id, id);

-- History of a voucher (GET /voucher/{id}/history/list): value is the new processing code, purchase
-- status or work-queue answer; dunning stop, dispute and delay are work_queue events with a title.
CREATE TABLE voucher_history (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  creditor_id integer NOT NULL,
  voucher_id integer NOT NULL,
  type history_event_type NOT NULL,
  value text,
  title text,
  text text,
  user_email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (creditor_id, voucher_id) REFERENCES voucher (creditor_id, id) ON DELETE CASCADE
);
CREATE INDEX voucher_history_voucher_idx ON voucher_history (voucher_id, created_at DESC);

-- Which voucher balances which, by how much (GET /voucher/{id}/list-balanced-vouchers).
CREATE TABLE voucher_balancing (
  creditor_id integer NOT NULL,
  balanced_voucher_id integer NOT NULL,
  balancing_voucher_id integer NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  balanced_date date NOT NULL,
  PRIMARY KEY (balanced_voucher_id, balancing_voucher_id),
  CHECK (balanced_voucher_id <> balancing_voucher_id),
  FOREIGN KEY (creditor_id, balanced_voucher_id) REFERENCES voucher (creditor_id, id) ON DELETE CASCADE,
  FOREIGN KEY (creditor_id, balancing_voucher_id) REFERENCES voucher (creditor_id, id) ON DELETE CASCADE
);
CREATE INDEX voucher_balancing_balancing_idx ON voucher_balancing (balancing_voucher_id);

-- Process log of a voucher or a debtor (document 2 §3 "Log item"; admin view).
CREATE TABLE log_item (
  id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  creditor_id integer NOT NULL REFERENCES creditor (id),
  voucher_id integer,
  debtor_id integer,
  channel text NOT NULL,
  message text NOT NULL,
  context jsonb,
  extra jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (voucher_id IS NOT NULL OR debtor_id IS NOT NULL),
  FOREIGN KEY (creditor_id, voucher_id) REFERENCES voucher (creditor_id, id) ON DELETE CASCADE,
  FOREIGN KEY (creditor_id, debtor_id) REFERENCES debtor (creditor_id, id)
);
CREATE INDEX log_item_voucher_idx ON log_item (voucher_id, created_at DESC) WHERE voucher_id IS NOT NULL;
CREATE INDEX log_item_debtor_idx ON log_item (debtor_id, created_at DESC) WHERE debtor_id IS NOT NULL;

-- History of a debtor and its locations (GET /debtor/{id}/history/list). The spec shows no fields;
-- decision: when, a title and text, and who (like a voucher's history without an event type).
CREATE TABLE debtor_history (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  creditor_id integer NOT NULL,
  debtor_id integer NOT NULL,
  location_id integer,
  title text NOT NULL,
  text text,
  user_email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (creditor_id, debtor_id) REFERENCES debtor (creditor_id, id),
  FOREIGN KEY (creditor_id, debtor_id, location_id) REFERENCES location (creditor_id, debtor_id, id)
);
CREATE INDEX debtor_history_debtor_idx ON debtor_history (debtor_id, created_at DESC);
