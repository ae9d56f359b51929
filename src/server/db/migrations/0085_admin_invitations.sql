-- Administrators invited by the super admin (issue 11 item 2, document 2 §2 "Admins"): a new
-- administrator or product administrator is an app_user without a creditor, status `new`, who sets
-- the password from a registration mail — the same one-time link (/set-password/{token}) as a
-- company user's invitation. Their invitations have no creditor: creditor_id becomes optional, and
-- every invitation names its user directly (the composite key still ties a creditor's invitation
-- to a user of that creditor).
ALTER TABLE company_user_invitation ALTER COLUMN creditor_id DROP NOT NULL;
ALTER TABLE company_user_invitation
  ADD CONSTRAINT company_user_invitation_user_fk FOREIGN KEY (user_id) REFERENCES app_user (id) ON DELETE CASCADE;
CREATE INDEX company_user_invitation_user_only_idx ON company_user_invitation (user_id, created_at DESC);
