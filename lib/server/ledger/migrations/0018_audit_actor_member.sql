-- 0018: the audit log names a person. Since personal accounts (0015) every entry a person writes carries their
-- member id and their e-mail as it was then (a later change of e-mail does not rewrite history); background work
-- (the batch worker, the reconciler) and every entry written before this migration have neither: the name alone
-- was typed at sign-in then. Nullable columns with no default: existing rows are left exactly as they were.

ALTER TABLE audit_log ADD COLUMN actor_member_id uuid;
ALTER TABLE audit_log ADD COLUMN actor_email text;
