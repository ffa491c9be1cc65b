// Migration 0031 on a database built at the migration before it: the link e-mails the outbox kept
// with their token in clear (sent, and one still waiting) lose it; other e-mails are left alone.
import { applyD1Migrations, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { emptyDatabase } from "../support/database";

const MIGRATION = "0031_mask_stored_link_tokens.sql";
const TOKEN = "A".repeat(20) + "b_-".repeat(7) + "Z".repeat(2);
const OTHER = "Q".repeat(43);

const sql = (query: string, ...values: unknown[]) => env.DB.prepare(query).bind(...values);

function linkMessage(id: string, kind: string, status: string, token: string) {
  const link = `http://127.0.0.1:8787/reset-password?token=${token}`;
  return sql(
    `INSERT INTO outbox (id, to_email, language, kind, subject, text, html, status, attempts, next_attempt_at)
     VALUES (?, 'a@example.com', 'en', ?, 'Reset your password', ?, ?, ?, 1, 0)`,
    id,
    kind,
    `Hello,\n\nSet a new password: ${link}\n\nThanks`,
    `<p>Hello,</p>\n<p><a href="${link}">Set a new password</a></p>`,
    status,
  );
}

beforeAll(async () => {
  expect(TOKEN).toHaveLength(43);
  expect(env.TEST_MIGRATIONS.map((m) => m.name)).toContain(MIGRATION);
  await emptyDatabase(env.DB);
  await applyD1Migrations(
    env.DB,
    env.TEST_MIGRATIONS.filter((m) => m.name < MIGRATION),
  );
  await env.DB.batch([
    linkMessage("sent", "reset_password", "sent", TOKEN),
    linkMessage("waiting", "verify_email", "pending", OTHER),
    linkMessage("visitor", "confirm_request", "sent", OTHER),
    // Not a link e-mail: its text is its own.
    linkMessage("notice", "digest", "sent", TOKEN),
  ]);
  await applyD1Migrations(
    env.DB,
    env.TEST_MIGRATIONS.filter((m) => m.name === MIGRATION),
  );
});

describe("migration 0031", () => {
  it("masks the token of every link e-mail in its text and HTML, and fails the one still waiting", async () => {
    const rows = new Map(
      (await env.DB.prepare("SELECT id, text, html, status, last_error FROM outbox").all<Record<string, string>>()).results.map((row) => [
        row.id,
        row,
      ]),
    );
    for (const id of ["sent", "waiting", "visitor"]) {
      const row = rows.get(id)!;
      expect(row.text).toBe("Hello,\n\nSet a new password: http://127.0.0.1:8787/reset-password?token=%LINK_TOKEN%\n\nThanks");
      expect(row.html).toBe(
        '<p>Hello,</p>\n<p><a href="http://127.0.0.1:8787/reset-password?token=%LINK_TOKEN%">Set a new password</a></p>',
      );
    }
    expect(rows.get("sent")!.status).toBe("sent");
    expect(rows.get("waiting")).toMatchObject({ status: "failed", last_error: expect.stringContaining("migration 0031") });
    expect(rows.get("notice")!.text).toContain(TOKEN);
    expect(rows.get("notice")!.status).toBe("sent");
  });
});
