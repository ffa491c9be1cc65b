import { env } from "cloudflare:test";
import * as schema from "../../../db/schema";
import { createUser, db, PASSWORD } from "../../support/factories";
import type { FormEntry } from "../types";

export const forms: FormEntry[] = [
  {
    file: "auth.tsx",
    name: "sign in",
    role: "visitor",
    path: "/auth",
    valid: ({ fx }) => ({ email: fx.users.other.email, password: PASSWORD, redirectTo: "/cart" }),
    required: ["email", "password"],
    texts: [],
    mayWrite: ["rate_limits"],
  },
  {
    file: "auth.tsx",
    name: "sign up",
    role: "visitor",
    path: "/auth",
    valid: ({ n }) => ({
      intent: "signup",
      email: `hostile-signup-${n}@example.com`,
      password: "secret-123",
      fullName: "New Person",
      companyName: "New Co",
      mobileNumber: "+40 123",
      country: "Romania",
    }),
    required: ["email", "password", "fullName"],
    texts: ["fullName", "companyName", "mobileNumber"],
    lines: ["fullName", "companyName", "mobileNumber"],
    mayWrite: ["rate_limits"],
  },
  {
    file: "membership.tsx",
    name: "membership registration",
    role: "visitor",
    path: "/membership",
    valid: ({ n }) => ({
      plan: "gold",
      name: "Member Person",
      position: "Buyer",
      companyName: "Member Co",
      businessActivity: "buyer",
      email: `hostile-member-${n}@example.com`,
      phone: "+40 1",
      address: "Street 1",
      country: "Romania",
      password: "secret-123",
      confirmPassword: "secret-123",
    }),
    required: ["name", "companyName", "businessActivity", "email", "country", "password", "confirmPassword"],
    texts: ["name", "position", "companyName", "phone", "address"],
    lines: ["name", "position", "companyName", "phone"],
    mayWrite: ["rate_limits"],
  },
  {
    file: "membership.tsx",
    name: "upgrade request",
    role: "free",
    path: "/membership",
    valid: () => ({ plan: "silver" }),
    required: ["plan"],
    texts: [],
  },
  { file: "sign-out.tsx", name: "sign out", role: "free", path: "/sign-out", valid: () => ({}), required: [], texts: [] },
  {
    file: "$.tsx",
    name: "the catch-all",
    role: "visitor",
    path: "/no/such/page",
    valid: () => ({}),
    required: [],
    texts: [],
    documentOnly: true,
  },
  {
    file: "admin.login.tsx",
    name: "admin gate",
    role: "visitor",
    path: "/admin/login",
    valid: () => ({ password: env.ADMIN_PASSWORD, redirectTo: "/admin/members" }),
    required: ["password"],
    texts: [],
    mayWrite: ["rate_limits"],
  },
  { file: "admin.logout.tsx", name: "leave admin mode", role: "admin", path: "/admin/logout", valid: () => ({}), required: [], texts: [] },
  {
    file: "admin.members.tsx",
    name: "decide an upgrade request",
    role: "admin",
    path: "/admin/members",
    prepare: async () => {
      const user = await createUser({ plan: "free" });
      const [row] = await db.insert(schema.planUpgradeRequests).values({ userId: user.id, requestedPlan: "gold" }).returning();
      return { requestId: row.id };
    },
    valid: ({ values }) => ({ intent: "approve", requestId: values.requestId }),
    required: ["intent", "requestId"],
    texts: [],
  },
];
