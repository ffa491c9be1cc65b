// The local transport: where e-mail goes on a machine without Cloudflare's Email Service (a
// developer's, the tests'), and only when SITE_URL is a loopback address (transportFor). Each
// message, as its recipient would receive it (tokens in), is printed on one line of the Worker's
// log (the terminal of `npm start`; the end-to-end tests read wrangler's output) and kept in the
// isolate's memory, where the integration tests read it. Nothing stores it: the outbox keeps the
// message with its tokens masked.

import { LOCAL_MAIL_KEPT } from "~/lib/constants";

export interface LocalEmail {
  from: string;
  fromName?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** How a message's log line starts: `local e-mail: {"fromName":…,"to":…,"subject":…,"text":…,"headers":…}`. */
export const LOCAL_MAIL_LOG_PREFIX = "local e-mail: ";

// The Worker and the Remix build are bundled apart, each with its own copy of this module (see
// app/entry.worker.ts), and both send: the mailbox is one per isolate, on the global object.
const KEY = Symbol.for("trade-marketplace.local-mailbox");
type Holder = { [KEY]?: LocalEmail[] };

/** The messages the local transport delivered in this isolate, oldest first (at most LOCAL_MAIL_KEPT). */
export function localMailbox(): LocalEmail[] {
  return ((globalThis as Holder)[KEY] ??= []);
}

export function deliverLocally(email: LocalEmail) {
  const mailbox = localMailbox();
  mailbox.push(email);
  if (mailbox.length > LOCAL_MAIL_KEPT) mailbox.splice(0, mailbox.length - LOCAL_MAIL_KEPT);
  const { fromName, to, subject, text, headers } = email;
  console.log(`${LOCAL_MAIL_LOG_PREFIX}${JSON.stringify({ fromName, to, subject, text, headers })}`);
}
