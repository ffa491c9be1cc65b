-- The outbox keeps no live link token (decision record 0020): messages written before kept the
-- token of their verification, reset, change-of-address or request-confirmation link in clear in
-- their text and HTML, which /admin/outbox showed. It gives way to the placeholder the sender
-- fills; a message still waiting has no sealed token to fill it with, so it fails (the member
-- asks for a new link).
UPDATE outbox SET
  text = substr(text, 1, instr(text, '?token=') + 6) || '%LINK_TOKEN%' || substr(text, instr(text, '?token=') + 7 + 43)
WHERE kind IN ('verify_email', 'reset_password', 'change_email', 'confirm_request') AND instr(text, '?token=') > 0
  AND substr(text, instr(text, '?token=') + 7, 1) <> '%';
--> statement-breakpoint
UPDATE outbox SET
  html = substr(html, 1, instr(html, '?token=') + 6) || '%LINK_TOKEN%' || substr(html, instr(html, '?token=') + 7 + 43)
WHERE kind IN ('verify_email', 'reset_password', 'change_email', 'confirm_request') AND instr(html, '?token=') > 0
  AND substr(html, instr(html, '?token=') + 7, 1) <> '%';
--> statement-breakpoint
UPDATE outbox SET status = 'failed', last_error = 'its link token was removed (migration 0031); a new link is asked for'
WHERE kind IN ('verify_email', 'reset_password', 'change_email', 'confirm_request') AND status = 'pending' AND sealed_token IS NULL;
