import { expect } from "vitest";
import * as schema from "../../../db/schema";
import { db } from "../../support/factories";
import type { Fixture, Role } from "../support";
import { everyone, members, type Expectation, type RouteRow } from "../types";

/** A fresh lead of the owner's, to edit or delete. */
async function ownerLead(fx: Fixture) {
  const [lead] = await db
    .insert(schema.tradeLeads)
    .values({ userId: fx.users.owner.id, title: "Disposable lead", description: "x" })
    .returning();
  return { id: lead.id };
}

const ownerOnly = (owner: Expectation): Record<Role, Expectation> => ({ ...everyone(404), visitor: "signin", owner });
/** Contact details are sent to paid members, admins and the lead's owner, to nobody else. */
const SEES_CONTACT: Role[] = ["paid", "owner", "admin"];

export const rows: RouteRow[] = [
  {
    file: "trade-leads._index.tsx",
    name: "the public board with contact details by role",
    path: "/trade-leads",
    expect: everyone(200),
    check: ({ role, body, fx }) => {
      expect(body).toContain("Owner&#x27;s lead");
      if (SEES_CONTACT.includes(role)) expect(body).toContain(fx.lead.contactInfo);
      else expect(body).not.toContain(fx.lead.contactInfo);
    },
  },
  {
    file: "trade-leads._index.tsx",
    name: "My Leads",
    path: "/trade-leads?tab=mine",
    expect: members(200, "signin"),
    check: ({ role, body }) => {
      if (role === "owner") expect(body).toContain("Owner&#x27;s lead");
      else expect(body).not.toContain("Owner&#x27;s lead");
    },
  },
  {
    file: "trade-leads._index.tsx",
    name: "delete the owner's lead",
    method: "POST",
    path: "/trade-leads?index",
    prepare: ownerLead,
    form: ({ values }) => ({ intent: "delete", leadId: values.id }),
    expect: ownerOnly("redirect"),
  },
  { file: "trade-leads.new.tsx", name: "the new-lead form", path: "/trade-leads/new", expect: members(200, "signin") },
  {
    file: "trade-leads.new.tsx",
    name: "post a lead",
    method: "POST",
    path: "/trade-leads/new",
    form: { leadType: "sell", title: "Selling pumps", description: "Many pumps" },
    expect: members("redirect", "signin"),
  },
  {
    file: "trade-leads.$id.edit.tsx",
    name: "the owner's edit form",
    path: ({ fx }) => `/trade-leads/${fx.lead.id}/edit`,
    expect: ownerOnly(200),
  },
  {
    file: "trade-leads.$id.edit.tsx",
    name: "edit the owner's lead",
    method: "POST",
    path: ({ values }) => `/trade-leads/${values.id}/edit`,
    prepare: ownerLead,
    form: { leadType: "buy", title: "Edited title", description: "Edited", isActive: "on" },
    expect: ownerOnly("redirect"),
  },
];
