import { eq } from "drizzle-orm";
import * as schema from "../../../db/schema";
import { createUser, db, PASSWORD } from "../../support/factories";
import { everyone, members, type Expectation, type RouteRow } from "../types";

/** A suspended member whose password is PASSWORD. */
async function suspendedMember() {
  const member = await createUser();
  await db.update(schema.users).set({ suspendedAt: new Date() }).where(eq(schema.users.id, member.id));
  return { email: member.email };
}

const home: Expectation = { status: 302, location: "/" };
const alreadySignedIn: Expectation = { status: 302, location: "/", unchanged: true };

export const rows: RouteRow[] = [
  { file: "auth.tsx", name: "sign-in page", path: "/auth", expect: members(alreadySignedIn, 200) },
  {
    file: "auth.tsx",
    name: "sign in with the right password",
    method: "POST",
    path: "/auth",
    form: ({ fx }) => ({ email: fx.users.free.email, password: PASSWORD }),
    expect: members(alreadySignedIn, "redirect"),
  },
  {
    file: "auth.tsx",
    name: "sign in with a wrong password",
    method: "POST",
    path: "/auth",
    form: ({ fx }) => ({ email: fx.users.owner.email, password: "wrong-password" }),
    expect: members(alreadySignedIn, 401),
    mayWrite: ["rate_limits"],
  },
  {
    file: "auth.tsx",
    name: "sign in to a suspended account with the right password (no session is written)",
    method: "POST",
    path: "/auth",
    prepare: suspendedMember,
    form: ({ values }) => ({ email: values.email, password: PASSWORD }),
    expect: members(alreadySignedIn, 401),
    mayWrite: ["rate_limits"],
  },
  {
    file: "auth.tsx",
    name: "sign up",
    method: "POST",
    path: "/auth",
    form: ({ n }) => ({ intent: "signup", email: `authz-signup-${n}@example.com`, password: "secret-123", fullName: "New Person" }),
    expect: members(alreadySignedIn, "redirect"),
  },
  {
    file: "auth.tsx",
    name: "sign up with an address that has an account: answered as a new one (issue 37, item 8)",
    method: "POST",
    path: "/auth",
    form: ({ fx }) => ({ intent: "signup", email: fx.users.owner.email, password: "secret-123", fullName: "Someone Else" }),
    expect: members(alreadySignedIn, home),
  },
  {
    file: "membership.tsx",
    name: "register with an address that has an account: answered as a new one",
    method: "POST",
    path: "/membership",
    form: ({ fx, role }): Record<string, string> =>
      role === "visitor"
        ? {
            plan: "free",
            name: "Someone Else",
            companyName: "Co",
            businessActivity: "buyer",
            email: fx.users.owner.email,
            country: "Romania",
            password: "secret-123",
            confirmPassword: "secret-123",
          }
        : { plan: "silver" },
    expect: members("redirect", home),
  },
  { file: "sign-out.tsx", name: "GET sign-out", path: "/sign-out", expect: everyone(home) },
  { file: "sign-out.tsx", name: "sign out", method: "POST", path: "/sign-out", expect: everyone("redirect") },
  { file: "catalog.tsx", name: "My Catalog", path: "/catalog", expect: members(200, "signin") },
  { file: "membership.tsx", name: "plans", path: "/membership", expect: everyone(200) },
  {
    file: "membership.tsx",
    name: "register (visitor) or ask for an upgrade (member)",
    method: "POST",
    path: "/membership",
    form: ({ n, role }): Record<string, string> =>
      role === "visitor"
        ? {
            plan: "free",
            name: "Member Person",
            companyName: "Co",
            businessActivity: "buyer",
            email: `authz-member-${n}@example.com`,
            country: "Romania",
            password: "secret-123",
            confirmPassword: "secret-123",
          }
        : { plan: "silver" },
    expect: everyone("redirect"),
  },
];
