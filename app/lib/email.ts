import type { TFunction } from "i18next";
import { siteLink, type SiteUrl } from "~/lib/site";

// How every e-mail is written: paragraphs and links, as a text part and an HTML part with every
// value escaped, and its headers built by one function (`emailHeaders`) that lets no line break
// through. Parts that are not known when the message is stored are placeholders:
// - LINK_PLACEHOLDER: a link only the database knows when the message is queued (replaced by the
//   statement that queues it);
// - TOKEN_PLACEHOLDER: the unsubscribe token (the sender signs it);
// - LINK_TOKEN_PLACEHOLDER: the single-use token of a verification, reset or change-of-address
//   link, which is never stored in clear (the sender opens it from its sealed copy).

export const LINK_PLACEHOLDER = "%LINK%";
const TOKEN_PLACEHOLDER = "%TOKEN%";
export const LINK_TOKEN_PLACEHOLDER = "%LINK_TOKEN%";

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

// Line breaks (CR, LF, and Unicode's NEL, line and paragraph separators) and every other control
// character: in a header, a line break starts a header of its own ('…\r\nBcc: victim@…').
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const BREAKS = /[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g;

/** Text on one line: every run of line breaks and control characters becomes one space. */
export const oneLine = (text: string) => text.replace(BREAKS, " ").replace(/ {2,}/g, " ").trim();

// An address is one token: no spaces, no control characters, one '@' (schemas check the rest).
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const ADDRESS = /^[^\s@\u0000-\u001f\u007f\u0085\u2028\u2029<>,;]+@[^\s@\u0000-\u001f\u007f\u0085\u2028\u2029<>,;]+$/;

export interface EmailHeaders {
  from: string;
  /** The sender's display name: the site's name in the recipient's language. */
  fromName?: string;
  to: string;
  subject: string;
  /** Headers beyond From, To and Subject (the one-click unsubscribe). */
  headers: Record<string, string>;
}

/**
 * Every header of every e-mail, built here and nowhere else: values lose their line breaks (a
 * subject made of what a member typed cannot add a header), and an address that is not a single
 * address is refused.
 */
export function emailHeaders(message: {
  from: string;
  fromName?: string;
  to: string;
  subject: string;
  unsubscribeUrl?: string | null;
}): EmailHeaders {
  for (const address of [message.from, message.to])
    if (!ADDRESS.test(address)) throw new Error(`not an e-mail address: ${JSON.stringify(address.slice(0, 80))}`);
  const headers: Record<string, string> = {};
  if (message.unsubscribeUrl) {
    headers["List-Unsubscribe"] = `<${oneLine(message.unsubscribeUrl)}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  const fromName = message.fromName && oneLine(message.fromName);
  return { from: message.from, ...(fromName ? { fromName } : {}), to: message.to, subject: oneLine(message.subject), headers };
}

/** A paragraph of text, or a link with its label. */
export type Block = string | { label: string; href: string };

const PLACEHOLDERS = /%(LINK_TOKEN|LINK|TOKEN)%/g;

/**
 * Words that cannot be taken for a placeholder: what a member wrote (a company named '%TOKEN%')
 * gets an invisible space inside, so the sender never puts a token or a link there. Placeholders
 * belong in links only.
 */
const inertPlaceholders = (words: string) => words.replace(PLACEHOLDERS, "%\u200b$1%");

/**
 * A message: its subject (on one line, as its header will carry it), a text part and an HTML part.
 * Its words (subject, paragraphs, link labels) never carry a placeholder; its links may.
 */
export function composeEmail(subject: string, blocks: Block[]): ComposedEmail {
  const words = blocks.map((b) => (typeof b === "string" ? inertPlaceholders(b) : { label: inertPlaceholders(b.label), href: b.href }));
  const text = words.map((b) => (typeof b === "string" ? b : `${b.label}: ${b.href}`)).join("\n\n");
  const html = words
    .map((b) => (typeof b === "string" ? `<p>${escapeHtml(b)}</p>` : `<p><a href="${escapeHtml(b.href)}">${escapeHtml(b.label)}</a></p>`))
    .join("\n");
  return { subject: inertPlaceholders(oneLine(subject)), text, html };
}

/** The last lines of every notification: where to change the settings, and the one-click stop. */
export function unsubscribeBlocks(t: TFunction, site: SiteUrl): Block[] {
  return [
    t("email.footer.why"),
    { label: t("email.footer.settings"), href: siteLink(site, "/settings/notifications") },
    { label: t("email.footer.unsubscribe"), href: unsubscribeUrl(site) },
  ];
}

/** The token rides in the query, which our logs and page views leave out (they keep the path). */
export const unsubscribeUrl = (site: SiteUrl) => siteLink(site, `/unsubscribe?token=${TOKEN_PLACEHOLDER}`);

/** The secrets of a stored message put in its text, HTML and unsubscribe link (or masks in their place). */
export function withSecrets<M extends ComposedEmail & { unsubscribeUrl: string | null }>(
  message: M,
  { linkToken, unsubscribeToken }: { linkToken: string; unsubscribeToken: string },
) {
  const put = (text: string, escape: (s: string) => string = (s) => s) =>
    text.replaceAll(LINK_TOKEN_PLACEHOLDER, escape(linkToken)).replaceAll(TOKEN_PLACEHOLDER, escape(unsubscribeToken));
  return {
    ...message,
    text: put(message.text),
    html: put(message.html, escapeHtml),
    unsubscribeUrl: message.unsubscribeUrl && put(message.unsubscribeUrl),
  };
}
