import { env } from "cloudflare:test";
import { localMailbox, type LocalEmail } from "~/lib/local-mail";
import { siteUrl } from "~/lib/site";

// E-mail as its recipients get it: on this machine, from the local transport (app/lib/local-mail.ts),
// which the Worker's sender hands each message with its tokens in. The outbox in D1 keeps them
// masked. The sender runs after the response, within `fetchWorker` (it waits for that work).

/** Where every link in an e-mail leads in the tests (SITE_URL, set in vitest.workers.config.ts). */
export const SITE = siteUrl(env);

/** The e-mails delivered to `address`, oldest first. */
export const mailTo = (address: string): LocalEmail[] => localMailbox().filter((email) => email.to === address);

/** The newest e-mail delivered to `address` (with `subject`, when given); the test fails without one. */
export function lastMailTo(address: string, subject?: string): LocalEmail {
  const found = mailTo(address).filter((email) => subject === undefined || email.subject === subject);
  if (found.length === 0) throw new Error(`no e-mail${subject ? ` "${subject}"` : ""} was delivered to ${address}`);
  return found[found.length - 1];
}

/** The token of the link to `path` in an e-mail's text (a link to SITE_URL), or undefined. */
export function linkToken(email: Pick<LocalEmail, "text">, path: string) {
  const escaped = `${SITE}${path}`.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return email.text.match(new RegExp(`${escaped}\\?token=([A-Za-z0-9_-]{43})`))?.[1];
}
