-- Issue 26: a session ends when it should. Every access token carries the session version of its
-- user (and, during an impersonation, of the admin); the auth hook compares it with this column on
-- every request, so a logout, a password change or reset and a blocked creditor end every session
-- of the user at once, across all server processes on one PostgreSQL.
ALTER TABLE app_user ADD COLUMN session_version integer NOT NULL DEFAULT 0;

-- Every command names its permission now: the keys that were decided by the role alone before go to
-- the administrators who held every one of the earlier fourteen (so nobody loses what they had and
-- nobody with fewer permissions — support — gains impersonation).
UPDATE app_user
   SET permissions = jsonb_set(
         permissions,
         '{admin}',
         (permissions -> 'admin') || '["impersonate_user", "import_states_of_affairs", "create_external_voucher", "retry_parked_jobs", "activate_debtor"]'::jsonb)
 WHERE creditor_id IS NULL
   AND jsonb_typeof(permissions -> 'admin') = 'array'
   AND (permissions -> 'admin') @> '["creditor_registration", "creditor_sap_registration", "creditor_setup_fee", "update_user", "disable_user", "reset_user_password", "edit_service_fee_period", "registration_mail", "update_creditor_permissions", "enable_doc2portal", "block_creditor", "approve_sepa_update", "assign_debtor", "view_action_log"]'::jsonb;
