import { env } from "cloudflare:test";
import { NOTIFICATION_KINDS } from "~/lib/constants";
import { signMessageToken } from "~/lib/tokens.server";
import * as schema from "../../../db/schema";
import { db, PASSWORD } from "../../support/factories";
import type { Fixture } from "../support";
import { everyone, members, type RouteRow } from "../types";

// A member's own settings (account, notifications), trade alerts, and the unsubscribe link that
// works without signing in.

const EVERY_KIND_AT_ONCE = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, "instant"]));
export const notificationSettingsForm = () => EVERY_KIND_AT_ONCE;

/** A saved search of the owner's. */
export async function ownersAlert(fx: Fixture) {
  const [alert] = await db
    .insert(schema.savedSearches)
    .values({ userId: fx.users.owner.id, scope: "products", search: "owner's pumps", cursor: 0, checkedAt: new Date() })
    .returning();
  return { id: alert.id };
}

/** An e-mail to the owner with a one-click unsubscribe, and its signed token. */
export async function ownersUnsubscribeToken(fx: Fixture) {
  const [message] = await db
    .insert(schema.outbox)
    .values({
      userId: fx.users.owner.id,
      toEmail: fx.users.owner.email,
      language: "en",
      kind: "forum_reply",
      subject: "New reply",
      text: "text",
      html: "<p>html</p>",
      nextAttemptAt: new Date(),
      unsubscribeTopic: "notification:forum_reply",
      unsubscribeUrl: "http://localhost/unsubscribe?token=%TOKEN%",
    })
    .returning();
  return { token: await signMessageToken(env.SESSION_SECRET, message.id) };
}

const FORGED = `${"0".repeat(32)}.${"A".repeat(43)}`;

export const rows: RouteRow[] = [
  { file: "settings._index.tsx", name: "the account settings", path: "/settings", expect: members(200, "signin") },
  {
    file: "settings._index.tsx",
    name: "save name, company and phone",
    method: "POST",
    path: "/settings",
    form: { intent: "profile", fullName: "Sam Settings", companyName: "Settings Co", mobileNumber: "+1 555" },
    expect: members({ status: 302, location: "/settings" }, "signin"),
  },
  {
    file: "settings._index.tsx",
    name: "change the password with a wrong current one",
    method: "POST",
    path: "/settings",
    form: { intent: "password", currentPassword: "not-the-password", password: "new-secret-99", confirmPassword: "new-secret-99" },
    expect: members(400, "signin"),
    mayWrite: ["rate_limits"],
  },
  {
    file: "settings._index.tsx",
    name: "ask to change the e-mail address",
    method: "POST",
    path: "/settings",
    form: ({ n }) => ({ intent: "email", email: `moving-${n}@example.com`, currentPassword: PASSWORD }),
    expect: members({ status: 302, location: "/settings" }, "signin"),
  },
  {
    file: "settings.notifications.tsx",
    name: "the notification settings",
    path: "/settings/notifications",
    expect: members(200, "signin"),
  },
  {
    file: "settings.notifications.tsx",
    name: "save the notification settings",
    method: "POST",
    path: "/settings/notifications",
    form: EVERY_KIND_AT_ONCE,
    expect: members({ status: 302, location: "/settings/notifications" }, "signin"),
  },
  { file: "alerts.tsx", name: "the member's trade alerts", path: "/alerts", expect: members(200, "signin") },
  {
    file: "alerts.tsx",
    name: "save a product search",
    method: "POST",
    path: "/alerts",
    form: ({ n }) => ({ intent: "save", scope: "products", search: `pumps ${n}` }),
    expect: members({ status: 302, location: "/alerts" }, "signin"),
  },
  {
    file: "alerts.tsx",
    name: "pause the owner's alert (only its owner)",
    method: "POST",
    path: "/alerts",
    prepare: ownersAlert,
    form: ({ values }) => ({ intent: "pause", id: values.id }),
    expect: { ...members(404, "signin"), owner: { status: 302, location: "/alerts" } },
  },
  {
    file: "alerts.tsx",
    name: "delete the owner's alert (only its owner)",
    method: "POST",
    path: "/alerts",
    prepare: ownersAlert,
    form: ({ values }) => ({ intent: "delete", id: values.id }),
    expect: { ...members(404, "signin"), owner: { status: 302, location: "/alerts" } },
  },
  {
    file: "unsubscribe.tsx",
    name: "an unsubscribe link (no sign-in needed)",
    path: ({ values }) => `/unsubscribe?token=${values.token}`,
    prepare: ownersUnsubscribeToken,
    expect: everyone(200),
  },
  { file: "unsubscribe.tsx", name: "a forged unsubscribe link", path: `/unsubscribe?token=${FORGED}`, expect: everyone(404) },
  { file: "unsubscribe.tsx", name: "the unsubscribe page without a token", path: "/unsubscribe", expect: everyone(404) },
  {
    file: "unsubscribe.tsx",
    name: "one-click unsubscribe (RFC 8058)",
    method: "POST",
    path: ({ values }) => `/unsubscribe?token=${values.token}`,
    prepare: ownersUnsubscribeToken,
    form: { "List-Unsubscribe": "One-Click" },
    expect: everyone(200),
  },
  {
    file: "unsubscribe.tsx",
    name: "one-click unsubscribe with a forged link",
    method: "POST",
    path: `/unsubscribe?token=${FORGED}`,
    form: { "List-Unsubscribe": "One-Click" },
    expect: everyone(404),
  },
  {
    file: "unsubscribe_.$token.tsx",
    name: "an unsubscribe link of an older e-mail (the token in the path): the page at its new address",
    path: ({ values }) => `/unsubscribe/${values.token}`,
    prepare: ownersUnsubscribeToken,
    expect: everyone({ status: 302, location: /^\/unsubscribe\?token=[0-9a-f-]+\.[A-Za-z0-9_-]{43}$/ }),
  },
  {
    file: "unsubscribe_.$token.tsx",
    name: "one-click unsubscribe of an older e-mail (RFC 8058)",
    method: "POST",
    path: ({ values }) => `/unsubscribe/${values.token}`,
    prepare: ownersUnsubscribeToken,
    form: { "List-Unsubscribe": "One-Click" },
    expect: everyone(200),
  },
  {
    file: "unsubscribe_.$token.tsx",
    name: "one-click unsubscribe of an older, forged link",
    method: "POST",
    path: `/unsubscribe/${FORGED}`,
    form: { "List-Unsubscribe": "One-Click" },
    expect: everyone(404),
  },
];
