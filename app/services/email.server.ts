import type { AppLoadContext } from "@remix-run/cloudflare";
import { EMAIL_FROM, RESET_PASSWORD_TTL_MS, SUPPORTED_LANGUAGES, VERIFY_EMAIL_TTL_MS } from "~/lib/constants";
import { i18nextFor } from "~/lib/i18n.server";
import { makeToken } from "~/lib/tokens.server";
import { storeToken, type TokenPurpose } from "~/models/auth-tokens.server";
import { deliverOutbox, queueEmail, type EmailInEveryLanguage, type Transport } from "~/models/outbox.server";
import type { Database } from "../../db/client";

/** Cloudflare Email Service's binding (`[[send_email]]` in production's wrangler configuration). */
interface SendEmailBinding {
  send(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    headers?: Record<string, string>;
  }): Promise<unknown>;
}

/**
 * Production sends through the `EMAIL` binding; without one (this machine, the tests) the message
 * stays in the outbox as sent, where admins read it at /admin/outbox: nothing leaves the loopback.
 */
export function transportFor(env: Env): Transport {
  const binding = (env as Env & { EMAIL?: SendEmailBinding }).EMAIL;
  if (!binding) return async () => {};
  return async (email) => {
    await binding.send({ from: EMAIL_FROM, ...email });
  };
}

/** After the response: sends the messages just queued (the scheduled handler retries the rest). */
export function sendAfterResponse(context: AppLoadContext) {
  context.ctx.waitUntil(deliverOutbox(context.db, transportFor(context.env)));
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A message of paragraphs around one link: a text part, and an HTML part with everything escaped. */
function composeEmail(subject: string, before: string[], link: { label: string; href: string }, after: string[]) {
  const text = [...before, `${link.label}: ${link.href}`, ...after].join("\n\n");
  const html = [
    ...before.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
    ...after.map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join("\n");
  return { subject, text, html };
}

type LinkKind = "verifyEmail" | "resetPassword";

/** A message with one link, in the recipient's language: a text part and a plain HTML part. */
export function renderLinkEmail(kind: LinkKind, locale: string, link: string, name: string) {
  const { t } = i18nextFor(locale);
  return composeEmail(
    t(`email.${kind}.subject`),
    [t("email.greeting", { name }), t(`email.${kind}.intro`)],
    { label: t(`email.${kind}.action`), href: link },
    [t(`email.${kind}.ignore`), t("email.signature")],
  );
}

const LINKS: Record<TokenPurpose, { kind: LinkKind; path: string; ttlMs: number }> = {
  verify_email: { kind: "verifyEmail", path: "/verify-email", ttlMs: VERIFY_EMAIL_TTL_MS },
  reset_password: { kind: "resetPassword", path: "/reset-password", ttlMs: RESET_PASSWORD_TTL_MS },
};

/**
 * The statements for a link e-mail: its token (a hash) and the message in the outbox, for the
 * batch of the event that causes them. The link carries the token only, never the address.
 */
export async function linkEmailStatements(
  db: Database,
  purpose: TokenPurpose,
  user: { id: string; email: string; fullName: string },
  locale: string,
  origin: string,
) {
  const { kind, path, ttlMs } = LINKS[purpose];
  const { token, hash } = await makeToken();
  const link = `${origin}${path}?token=${token}`;
  const message = renderLinkEmail(kind, locale, link, user.fullName);
  return [
    storeToken(db, user.id, purpose, hash, ttlMs),
    queueEmail(db, { userId: user.id, to: user.email, language: locale, kind: purpose, ...message }),
  ] as const;
}

/**
 * A notification's e-mail in every language the site speaks (the statement that queues it picks
 * each recipient's): what happened, and a link to it.
 */
export function notificationEmail(kind: "request_received" | "quote_received", link: string): EmailInEveryLanguage {
  return Object.fromEntries(
    SUPPORTED_LANGUAGES.map((locale) => {
      const { t } = i18nextFor(locale);
      const message = composeEmail(
        t(`notifications.email.${kind}.subject`),
        [t("notifications.email.hello"), t(`notifications.email.${kind}.text`)],
        { label: t("notifications.email.open"), href: link },
        [t("email.signature")],
      );
      return [locale, message];
    }),
  );
}
