import type { TFunction } from "i18next";

// How every e-mail is written: paragraphs and links, as a text part and an HTML part with every
// value escaped. Links that only the database knows when the message is queued are written as
// LINK_PLACEHOLDER (replaced by the statement that queues it), and the unsubscribe token as
// TOKEN_PLACEHOLDER (replaced by the sender, which signs it).

export const LINK_PLACEHOLDER = "%LINK%";
export const TOKEN_PLACEHOLDER = "%TOKEN%";

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A paragraph of text, or a link with its label. */
export type Block = string | { label: string; href: string };

export function composeEmail(subject: string, blocks: Block[]): ComposedEmail {
  const text = blocks.map((b) => (typeof b === "string" ? b : `${b.label}: ${b.href}`)).join("\n\n");
  const html = blocks
    .map((b) => (typeof b === "string" ? `<p>${escapeHtml(b)}</p>` : `<p><a href="${escapeHtml(b.href)}">${escapeHtml(b.label)}</a></p>`))
    .join("\n");
  return { subject, text, html };
}

/** The last lines of every notification: where to change the settings, and the one-click stop. */
export function unsubscribeBlocks(t: TFunction, origin: string): Block[] {
  return [
    t("email.footer.why"),
    { label: t("email.footer.settings"), href: `${origin}/settings/notifications` },
    { label: t("email.footer.unsubscribe"), href: unsubscribeUrl(origin) },
  ];
}

/** The token rides in the query, which our logs and page views leave out (they keep the path). */
export const unsubscribeUrl = (origin: string) => `${origin}/unsubscribe?token=${TOKEN_PLACEHOLDER}`;
