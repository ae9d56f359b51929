-- Attachments of an outbox mail (issue 8: the invoice delivered to the debtor by e-mail carries its
-- document). They are kept IN the outbox row — a JSON array of { filename, contentType, content
-- (base64) } — so a retry after a failed send still has them, even when the voucher's files change
-- meanwhile, and a second server process can send the row without reading anything else.
ALTER TABLE mail_outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]';
