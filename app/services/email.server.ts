import type { AppLoadContext } from "@remix-run/cloudflare";
import { CHANGE_EMAIL_TTL_MS, EMAIL_FROM, RESET_PASSWORD_TTL_MS, VERIFY_EMAIL_TTL_MS } from "~/lib/constants";
import { composeEmail, emailHeaders, LINK_TOKEN_PLACEHOLDER, withSecrets, type ComposedEmail } from "~/lib/email";
import { i18nextFor } from "~/lib/i18n.server";
import { deliverLocally } from "~/lib/local-mail";
import { isLoopbackSite, siteLink, siteUrl } from "~/lib/site";
import { makeToken, openSealedToken, sealToken, signMessageToken, verifyMessageToken } from "~/lib/tokens.server";
import { storeToken, type TokenPurpose } from "~/models/auth-tokens.server";
import { unsubscribeFromNotifications } from "~/models/notifications.server";
import {
  deliverOutbox,
  getOutboxMessage,
  queueEmail,
  UndeliverableError,
  type OutboxMessage,
  type Transport,
} from "~/models/outbox.server";
import { setSavedSearchPaused } from "~/models/saved-searches.server";
import type { Database } from "../../db/client";

/** Cloudflare Email Service's binding (`[[send_email]]` in production's wrangler configuration). */
interface SendEmailBinding {
  send(message: {
    from: string | { email: string; name: string };
    to: string;
    subject: string;
    text: string;
    html: string;
    headers?: Record<string, string>;
  }): Promise<unknown>;
}

/** What a sealed link token is bound to: its message and recipient. */
const sealContext = (message: { id: string; to: string }) => `${message.id}\n${message.to}`;

/**
 * A queued message as its recipient receives it, at the moment it is sent: its link's token
 * opened from its sealed copy, the unsubscribe link signed, and every header built by
 * emailHeaders, the sender named as the site is in the recipient's language. A message whose
 * link's token does not open cannot be sent by any retry.
 */
async function finishMessage(env: Env, message: OutboxMessage) {
  let linkToken = "";
  if (message.text.includes(LINK_TOKEN_PLACEHOLDER) || message.html.includes(LINK_TOKEN_PLACEHOLDER)) {
    const opened = await openSealedToken(env.SESSION_SECRET, message.sealedToken, sealContext(message));
    if (!opened) throw new UndeliverableError("the link's token is not known any more: the member asks for a new link");
    linkToken = opened;
  }
  const unsubscribeToken = message.unsubscribeUrl ? await signMessageToken(env.SESSION_SECRET, message.id) : "";
  const filled = withSecrets(message, { linkToken, unsubscribeToken });
  const fromName = i18nextFor(message.language).t("meta.siteName");
  return { ...emailHeaders({ from: EMAIL_FROM, fromName, ...filled }), text: filled.text, html: filled.html };
}

/**
 * A stored message as admins read it at /admin/outbox: as its recipient reads it, headers
 * included, but with `mask` where its tokens go. A link's token is never stored in clear, and
 * an unsubscribe token is a key too: neither is shown.
 */
export function maskedMessage(message: Pick<OutboxMessage, "to" | "subject" | "text" | "html" | "unsubscribeUrl">, mask: string) {
  const masked = withSecrets(message, { linkToken: mask, unsubscribeToken: mask });
  return { ...emailHeaders({ from: EMAIL_FROM, ...masked }), text: masked.text, html: masked.html };
}

/**
 * Production sends through the `EMAIL` binding. Without one, the local transport (app/lib/local-mail.ts)
 * takes the message, but only when SITE_URL is a loopback address (a developer's machine, the
 * tests): a deployment that lacks the binding sends nothing, and its messages fail with the reason.
 */
export function transportFor(env: Env): Transport {
  const binding = (env as Env & { EMAIL?: SendEmailBinding }).EMAIL;
  if (binding)
    return async (message) => {
      const { from, fromName, ...finished } = await finishMessage(env, message);
      await binding.send({ ...finished, from: fromName ? { email: from, name: fromName } : from });
    };
  if (isLoopbackSite(siteUrl(env)))
    return async (message) => {
      deliverLocally(await finishMessage(env, message));
    };
  return async () => {
    throw new Error("no EMAIL binding: e-mail is sent by Cloudflare Email Service (see the README's deploy steps)");
  };
}

/** After the response: sends the messages just queued (the scheduled handler retries the rest). */
export function sendAfterResponse(context: AppLoadContext) {
  context.ctx.waitUntil(deliverOutbox(context.db, transportFor(context.env)));
}

type LinkKind = "verifyEmail" | "resetPassword" | "changeEmail";

/** A message with one link, in the recipient's language: a text part and a plain HTML part. */
function renderLinkEmail(kind: LinkKind, locale: string, link: string, name: string) {
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
 * A message whose link to `path` (on SITE_URL) carries a fresh single-use token, for the outbox:
 * the token's hash (for the database), the message with LINK_TOKEN_PLACEHOLDER where the token
 * goes, its id, and the token sealed to that id and recipient for the sender. Neither the
 * database nor /admin/outbox ever holds the token in clear (decision record 0020).
 */
export async function tokenLinkEmail(env: Env, to: string, path: string, render: (link: string) => ComposedEmail) {
  const { token, hash } = await makeToken();
  const id = crypto.randomUUID();
  const message = render(siteLink(siteUrl(env), `${path}?token=${LINK_TOKEN_PLACEHOLDER}`));
  const sealedToken = await sealToken(env.SESSION_SECRET, token, sealContext({ id, to }));
  return { id, to, hash, ...message, sealedToken };
}

/**
 * The statements for a link e-mail: its token (a hash) and the message in the outbox, for the
 * batch of the event that causes them. The link leads to SITE_URL and carries the token only,
 * never the address (see `tokenLinkEmail`).
 */
export async function linkEmailStatements(
  db: Database,
  env: Env,
  purpose: TokenPurpose,
  user: { id: string; email: string; fullName: string },
  locale: string,
) {
  const { kind, path, ttlMs } = LINKS[purpose];
  const { hash, ...message } = await tokenLinkEmail(env, user.email, path, (link) => renderLinkEmail(kind, locale, link, user.fullName));
  return [
    // A change of address is verified at the new one, which the token remembers.
    storeToken(db, user.id, purpose, hash, ttlMs, { newEmail: purpose === "change_email" ? user.email : undefined }),
    queueEmail(db, { ...message, userId: user.id, language: locale, kind: purpose }),
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
