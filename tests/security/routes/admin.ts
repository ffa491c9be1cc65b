import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import * as schema from "../../../db/schema";
import { createUser, db } from "../../support/factories";
import { everyone, type Expectation, type RouteRow } from "../types";
import { memberToSuspend } from "./reports";

const adminOnly = (admin: Expectation) => ({ ...everyone("gate" as Expectation), admin });

/** A pending upgrade request of a throwaway member, so approving it changes no role of the matrix. */
async function pendingRequest() {
  const user = await createUser({ plan: "free" });
  const [row] = await db.insert(schema.planUpgradeRequests).values({ userId: user.id, requestedPlan: "gold" }).returning();
  return { requestId: row.id };
}

export const rows: RouteRow[] = [
  { file: "admin.login.tsx", name: "the gate", path: "/admin/login", expect: { ...everyone(200), admin: { status: 302, location: "/" } } },
  {
    file: "admin.login.tsx",
    name: "a wrong admin password",
    method: "POST",
    path: "/admin/login",
    form: { password: "not-the-password" },
    // Admin mode already: the gate's page sends them on, and the attempt is still counted.
    expect: { ...everyone(401), admin: { status: 302, location: "/", unchanged: true } },
    mayWrite: ["rate_limits"],
  },
  {
    file: "admin.login.tsx",
    name: "the admin password",
    method: "POST",
    path: "/admin/login",
    form: () => ({ password: env.ADMIN_PASSWORD }),
    expect: everyone("redirect"),
  },
  { file: "admin.logout.tsx", name: "GET admin logout", path: "/admin/logout", expect: everyone({ status: 302, location: "/" }) },
  { file: "admin.logout.tsx", name: "leave admin mode", method: "POST", path: "/admin/logout", expect: everyone("redirect") },
  { file: "admin.members.tsx", name: "upgrade requests and members", path: "/admin/members", expect: adminOnly(200) },
  {
    file: "admin.members.tsx",
    name: "find members by e-mail, name or company, a page at a time",
    path: ({ fx }) => `/admin/members?q=${encodeURIComponent(fx.users.owner.email)}&page=2`,
    expect: adminOnly(200),
  },
  {
    file: "admin.members.tsx",
    name: "suspend a member from the list",
    method: "POST",
    path: "/admin/members?q=suspend",
    prepare: memberToSuspend,
    form: ({ values }) => ({ intent: "suspend", userId: values.userId }),
    expect: adminOnly({ status: 302, location: "/admin/members?q=suspend" }),
  },
  {
    file: "admin.members.tsx",
    name: "lift a member's suspension from the list",
    method: "POST",
    path: "/admin/members",
    prepare: async () => {
      const { userId } = await memberToSuspend();
      await db.update(schema.users).set({ suspendedAt: new Date() }).where(eq(schema.users.id, userId));
      return { userId };
    },
    form: ({ values }) => ({ intent: "lift", userId: values.userId }),
    expect: adminOnly({ status: 302, location: "/admin/members" }),
  },
  {
    file: "admin.members.tsx",
    name: "suspend an admin (never)",
    method: "POST",
    path: "/admin/members",
    prepare: async () => ({ userId: (await createUser({ plan: "admin" })).id }),
    form: ({ values }) => ({ intent: "suspend", userId: values.userId }),
    expect: adminOnly(404),
  },
  {
    file: "admin.members.tsx",
    name: "approve a request",
    method: "POST",
    path: "/admin/members",
    prepare: pendingRequest,
    form: ({ values }) => ({ intent: "approve", requestId: values.requestId }),
    expect: adminOnly("redirect"),
  },
  {
    file: "admin.members.tsx",
    name: "reject a request",
    method: "POST",
    path: "/admin/members",
    prepare: pendingRequest,
    form: ({ values }) => ({ intent: "reject", requestId: values.requestId }),
    expect: adminOnly("redirect"),
  },
  {
    file: "admin.members.tsx",
    name: "decide an unknown request",
    method: "POST",
    path: "/admin/members",
    form: { intent: "approve", requestId: "no-such-request" },
    expect: adminOnly(404),
  },
  { file: "admin.messages.tsx", name: "contact messages", path: "/admin/messages", expect: adminOnly(200) },
];
