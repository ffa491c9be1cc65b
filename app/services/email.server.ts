import type { AppLoadContext } from "@remix-run/cloudflare";
import { CHANGE_EMAIL_TTL_MS, EMAIL_FROM, RESET_PASSWORD_TTL_MS, VERIFY_EMAIL_TTL_MS } from "~/lib/constants";
import { composeEmail, TOKEN_PLACEHOLDER } from "~/lib/email";
import { i18nextFor } from "~/lib/i18n.server";
import { makeToken, signMessageToken, verifyMessageToken } from "~/lib/tokens.server";
import { storeToken, type TokenPurpose } from "~/models/auth-tokens.server";
import { unsubscribeFromNotifications } from "~/models/notifications.server";
import { deliverOutbox, getOutboxMessage, queueEmail, type OutboxMessage, type Transport } from "~/models/outbox.server";
import { setSavedSearchPaused } from "~/models/saved-searches.server";
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
 * A queued message as its recipient receives it: the unsubscribe link signed in place of its
 * placeholder, and the one-click List-Unsubscribe headers. Admins read the same at /admin/outbox.
 */
export async function finishMessage(env: Env, message: Omit<OutboxMessage, "to">) {
  if (!message.unsubscribeUrl)
    return { subject: message.subject, text: message.text, html: message.html, headers: {} as Record<string, string> };
  const token = await signMessageToken(env.SESSION_SECRET, message.id);
  const url = message.unsubscribeUrl.replace(TOKEN_PLACEHOLDER, token);
  return {
    subject: message.subject,
    text: message.text.replaceAll(TOKEN_PLACEHOLDER, token),
    html: message.html.replaceAll(TOKEN_PLACEHOLDER, token),
    headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/**
 * Production sends through the `EMAIL` binding; without one (this machine, the tests) the message
 * stays in the outbox as sent, where admins read it at /admin/outbox: nothing leaves the loopback.
 */
export function transportFor(env: Env): Transport {
  const binding = (env as Env & { EMAIL?: SendEmailBinding }).EMAIL;
  if (!binding) return async () => {};
  return async (message) => {
    await binding.send({ from: EMAIL_FROM, to: message.to, ...(await finishMessage(env, message)) });
  };
}

/** After the response: sends the messages just queued (the scheduled handler retries the rest). */
export function sendAfterResponse(context: AppLoadContext) {
  context.ctx.waitUntil(deliverOutbox(context.db, transportFor(context.env)));
}

type LinkKind = "verifyEmail" | "resetPassword" | "changeEmail";

/** A message with one link, in the recipient's language: a text part and a plain HTML part. */
export function renderLinkEmail(kind: LinkKind, locale: string, link: string, name: string) {
  const { t } = i18nextFor(locale);
  return composeEmail(t(`email.${kind}.subject`), [
    t("email.greeting", { name }),
    t(`email.${kind}.intro`),
    { label: t(`email.${kind}.action`), href: link },
    t(`email.${kind}.ignore`),
    t("email.signature"),
  ]);
}

const LINKS: Record<TokenPurpose, { kind: LinkKind; path: string; ttlMs: number }> = {
  verify_email: { kind: "verifyEmail", path: "/verify-email", ttlMs: VERIFY_EMAIL_TTL_MS },
  reset_password: { kind: "resetPassword", path: "/reset-password", ttlMs: RESET_PASSWORD_TTL_MS },
  change_email: { kind: "changeEmail", path: "/verify-email", ttlMs: CHANGE_EMAIL_TTL_MS },
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
    // A change of address is verified at the new one, which the token remembers.
    storeToken(db, user.id, purpose, hash, ttlMs, { newEmail: purpose === "change_email" ? user.email : undefined }),
    queueEmail(db, { userId: user.id, to: user.email, language: locale, kind: purpose, ...message }),
  ] as const;
}

/**
 * What a message's unsubscribe link stops, for its recipient: the message named by a signed
 * token (see finishMessage), or null when the token is not one of ours or names nothing to stop.
 */
export async function subscriptionOf(db: Database, secret: string, token: string) {
  const messageId = await verifyMessageToken(secret, token);
  const message = messageId ? await getOutboxMessage(db, messageId) : null;
  if (!message?.userId || !message.unsubscribeTopic) return null;
  return { userId: message.userId, topic: message.unsubscribeTopic };
}

/** Stops what the topic names: a kind of notification, the digest's kinds, or one trade alert (paused). */
export async function unsubscribe(db: Database, { userId, topic }: { userId: string; topic: string }) {
  if (topic.startsWith("alert:")) return setSavedSearchPaused(db, userId, topic.slice("alert:".length), true);
  return (await unsubscribeFromNotifications(db, userId, topic)).length > 0;
}
