import * as schema from "../../../db/schema";
import { db } from "../../support/factories";
import type { Fixture } from "../support";
import { everyone, members, type RouteRow } from "../types";

// Reports: members report what they can see; admins dismiss, suspend and lift.

/** An open report of the owner's lead, by a member made for it. */
export async function reportOfOwnersLead(fx: Fixture) {
  const { userId } = await memberToSuspend();
  const [report] = await db
    .insert(schema.reports)
    .values({ reporterId: userId, targetType: "lead", targetId: fx.lead.id, ownerId: fx.users.owner.id, reason: "spam", details: "Spam" })
    .returning();
  return { id: report.id, leadId: fx.lead.id };
}

/** A member of its own (to suspend, or to report: not one of the suite's roles, whose sessions it needs). */
export async function memberToSuspend() {
  const [user] = await db
    .insert(schema.users)
    .values({ email: `suspend-${crypto.randomUUID()}@example.com`, passwordHash: "x" })
    .returning();
  await db.insert(schema.profiles).values({ id: user.id, email: user.email, fullName: "To Suspend" });
  return { userId: user.id };
}

/** A lead of a member made for it, reported (to hide), or hidden already (to show again). */
export async function reportedLeadOfItsOwn({ hidden = false } = {}) {
  const { userId } = await memberToSuspend();
  const [lead] = await db
    .insert(schema.tradeLeads)
    .values({ userId, title: "Replica bearings", description: "Cheap", hiddenReason: hidden ? "counterfeit" : null })
    .returning();
  const reporter = await memberToSuspend();
  await db.insert(schema.reports).values({
    reporterId: reporter.userId,
    targetType: "lead",
    targetId: lead.id,
    ownerId: userId,
    reason: "counterfeit",
    details: "Fake",
    status: hidden ? "hidden" : "open",
  });
  return { leadId: lead.id };
}

const adminOnly = { ...everyone("gate" as const), admin: 200 };

export const rows: RouteRow[] = [
  {
    file: "report.tsx",
    name: "the report form for a lead",
    path: ({ fx }) => `/report?type=lead&id=${fx.lead.id}`,
    expect: members(200, "signin"),
  },
  {
    file: "report.tsx",
    name: "the report form for something that is not reportable",
    path: "/report?type=user&id=1",
    expect: members(404, "signin"),
  },
  {
    file: "report.tsx",
    name: "report the owner's lead (not by its owner)",
    method: "POST",
    path: "/report",
    form: ({ fx }) => ({ targetType: "lead", targetId: fx.lead.id, reason: "spam", details: "Spam", returnTo: "/trade-leads" }),
    expect: { ...members({ status: 302, location: "/trade-leads" }, "signin"), owner: 404 },
    // Reports count against the member's limit before they are checked.
    mayWrite: ["rate_limits"],
  },
  { file: "admin.reports.tsx", name: "the reports", path: "/admin/reports", expect: adminOnly },
  {
    file: "admin.reports.tsx",
    name: "dismiss the reports of a lead",
    method: "POST",
    path: "/admin/reports",
    prepare: reportOfOwnersLead,
    form: ({ values }) => ({ intent: "dismiss", targetType: "lead", targetId: values.leadId }),
    expect: { ...everyone("gate" as const), admin: { status: 302, location: "/admin/reports" } },
  },
  {
    file: "admin.reports.tsx",
    name: "hide a reported lead",
    method: "POST",
    path: "/admin/reports",
    prepare: () => reportedLeadOfItsOwn(),
    form: ({ values }) => ({ intent: "hide", targetType: "lead", targetId: values.leadId, reason: "counterfeit" }),
    expect: { ...everyone("gate" as const), admin: { status: 302, location: "/admin/reports" } },
  },
  {
    file: "admin.reports.tsx",
    name: "show a hidden lead again",
    method: "POST",
    path: "/admin/reports",
    prepare: () => reportedLeadOfItsOwn({ hidden: true }),
    form: ({ values }) => ({ intent: "restore", targetType: "lead", targetId: values.leadId }),
    expect: { ...everyone("gate" as const), admin: { status: 302, location: "/admin/reports" } },
  },
  {
    file: "admin.reports.tsx",
    name: "suspend a member",
    method: "POST",
    path: "/admin/reports",
    prepare: memberToSuspend,
    form: ({ values }) => ({ intent: "suspend", userId: values.userId }),
    expect: { ...everyone("gate" as const), admin: { status: 302, location: "/admin/reports" } },
  },
  {
    file: "admin.reports.tsx",
    name: "lift a suspension nobody has",
    method: "POST",
    path: "/admin/reports",
    form: { intent: "lift", userId: "nobody" },
    expect: { ...everyone("gate" as const), admin: 404 },
  },
];
