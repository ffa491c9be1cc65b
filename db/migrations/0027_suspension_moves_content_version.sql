-- A member suspended or let back: their leads leave or return to the board, which pages keep per
-- content version, though no public content table is written (a member without a company).
CREATE TRIGGER content_version_users_suspension AFTER UPDATE OF suspended_at ON users
WHEN (old.suspended_at IS NULL) IS NOT (new.suspended_at IS NULL) BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
