import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { linkEmailStatements } from "~/services/email.server";
import * as schema from "../../../db/schema";
import { createUser, db } from "../../support/factories";
import { everyone, members, type RouteRow } from "../types";

// E-mail: the verification link's page and its resend, the password reset, and the admins' outbox.

const NO_TOKEN = "x".repeat(43);
const adminOnly = { ...everyone("gate" as const), admin: 200 };

export const rows: RouteRow[] = [
  { file: "verify-email.tsx", name: "the verification link's page", path: `/verify-email?token=${NO_TOKEN}`, expect: everyone(200) },
  {
    file: "verify-email.tsx",
    name: "verify with a token nobody was sent",
    method: "POST",
    path: "/verify-email",
    form: { intent: "verify", token: NO_TOKEN },
    expect: everyone(410),
  },
  {
    file: "verify-email.tsx",
    name: "ask for a new link (members, already verified here)",
    method: "POST",
    path: "/verify-email",
    form: { intent: "resend" },
    expect: members({ status: 302, location: "/" }, "signin"),
  },
  { file: "forgot-password.tsx", name: "the forgotten-password form", path: "/forgot-password", expect: everyone(200) },
  {
    file: "forgot-password.tsx",
    name: "ask for a reset link for an address without an account",
    method: "POST",
    path: "/forgot-password",
    form: ({ n }) => ({ email: `nobody-${n}@example.com` }),
    expect: everyone({ status: 302, location: "/auth" }),
  },
  { file: "reset-password.tsx", name: "the reset link's page", path: `/reset-password?token=${NO_TOKEN}`, expect: everyone(200) },
  {
    file: "reset-password.tsx",
    name: "reset with a token nobody was sent",
    method: "POST",
    path: `/reset-password?token=${NO_TOKEN}`,
    form: { token: NO_TOKEN, password: "new-secret-1", confirmPassword: "new-secret-1" },
    expect: everyone(410),
  },
  { file: "admin.outbox.tsx", name: "the outbox", path: "/admin/outbox", expect: adminOnly },
  { file: "admin.outbox.tsx", name: "a message that does not exist", path: "/admin/outbox?id=nothing&page=-2", expect: adminOnly },
  {
    file: "admin.outbox.tsx",
    name: "a member's password reset e-mail: admins read it with its link's token masked",
    prepare: async () => {
      const member = await createUser();
      await db.batch(await linkEmailStatements(db, env, "reset_password", { ...member, fullName: "Reset Me" }, "en"));
      const [message] = await db.select({ id: schema.outbox.id }).from(schema.outbox).where(eq(schema.outbox.toEmail, member.email));
      return { id: message.id };
    },
    path: ({ values }) => `/admin/outbox?id=${values.id}`,
    expect: adminOnly,
    check: ({ role, body }) => {
      expect(body).not.toMatch(/token=[A-Za-z0-9_-]{43}/);
      if (role === "admin") expect(body).toContain("/reset-password?token=[hidden]");
    },
  },
  {
    file: "admin.outbox.tsx",
    name: "send due e-mails now",
    method: "POST",
    path: "/admin/outbox",
    form: { intent: "sendDue" },
    expect: { ...everyone("gate" as const), admin: { status: 302, location: "/admin/outbox" } },
  },
];
