import * as schema from "../../../db/schema";
import { db } from "../../support/factories";
import type { Fixture } from "../support";
import type { FormEntry } from "../types";

async function ownerLead(fx: Fixture) {
  const [lead] = await db
    .insert(schema.tradeLeads)
    .values({ userId: fx.users.owner.id, title: "Lead to edit", description: "x" })
    .returning();
  return { id: lead.id };
}

const lead = () => ({
  leadType: "sell",
  title: "Selling pumps",
  description: "Many pumps",
  category: "Industrial",
  quantity: "100 units",
  location: "Bucharest",
  contactInfo: "sales@example.com",
});
const texts = ["title", "description", "quantity", "location", "contactInfo"];
const lines = ["title", "quantity", "location"];

export const forms: FormEntry[] = [
  {
    file: "trade-leads.new.tsx",
    name: "post a lead",
    role: "owner",
    path: "/trade-leads/new",
    valid: lead,
    required: ["title", "description"],
    texts,
    lines,
    mayWrite: ["rate_limits"],
    shows: { page: "/trade-leads" },
  },
  {
    file: "trade-leads.$id.edit.tsx",
    name: "edit a lead",
    role: "owner",
    path: ({ values }) => `/trade-leads/${values.id}/edit`,
    prepare: ownerLead,
    valid: () => ({ ...lead(), isActive: "on" }),
    required: ["title", "description"],
    texts,
    lines,
    shows: { page: "/trade-leads?tab=mine" },
  },
  {
    file: "trade-leads._index.tsx",
    name: "delete a lead",
    role: "owner",
    path: "/trade-leads?index",
    prepare: ownerLead,
    valid: ({ values }) => ({ intent: "delete", leadId: values.id }),
    required: ["intent", "leadId"],
    texts: [],
  },
];
