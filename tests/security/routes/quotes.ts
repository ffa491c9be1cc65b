import { eq } from "drizzle-orm";
import { expect } from "vitest";
import * as schema from "../../../db/schema";
import { db } from "../../support/factories";
import { dataUrl } from "../../support/route-data";
import type { Fixture, Role } from "../support";
import { everyone, members, type Expectation, type RouteRow } from "../types";

// Requests for quotation between members: the supplier's inbox, a request's page (quote, decline,
// thread, acceptance) and quotes on buy leads. The fixture's owner is the buyer; 'other' is the
// supplier the request is addressed to; everyone else must not learn it exists.

const MESSAGE = "Secret request about valves";

/** A request of the owner's addressed to a company of 'other''s, with one line. */
export async function ownersRequest(fx: Fixture) {
  const [catalog] = await db.insert(schema.catalogs).values({ userId: fx.users.other.id, companyName: "Other's Valves" }).returning();
  const [product] = await db
    .insert(schema.products)
    .values({ catalogId: catalog.id, title: "Other's valve", category: "Industrial", price: 5 })
    .returning();
  const id = crypto.randomUUID();
  await db.insert(schema.inquiries).values({
    id,
    userId: fx.users.owner.id,
    message: MESSAGE,
    source: "request_quote",
    catalogId: catalog.id,
    supplierId: fx.users.other.id,
    groupId: id,
  });
  const [line] = await db
    .insert(schema.inquiryLines)
    .values({ inquiryId: id, productId: product.id, title: product.title, quantity: 10 })
    .returning();
  return { id, lineId: line.id };
}

/** The same request, already opened by its supplier, as it is when they answer it. */
export async function openedRequest(fx: Fixture) {
  const values = await ownersRequest(fx);
  await db.update(schema.inquiries).set({ supplierReadAt: new Date() }).where(eq(schema.inquiries.id, values.id));
  return values;
}

/** A buy lead of the owner's in a category only the paid member sells in (Chemicals). */
export async function buyLeadForPaid(fx: Fixture) {
  const [catalog] = await db.insert(schema.catalogs).values({ userId: fx.users.paid.id, companyName: "Paid Pumps" }).returning();
  await db.insert(schema.products).values({ catalogId: catalog.id, title: "Paid solvent", category: "Chemicals", price: 5 });
  const [lead] = await db
    .insert(schema.tradeLeads)
    .values({
      userId: fx.users.owner.id,
      leadType: "buy",
      title: "Owner needs solvent",
      description: "500 drums",
      category: "Chemicals",
      quantity: "500",
    })
    .returning();
  return { id: lead.id };
}

const PARTIES: Role[] = ["owner", "other", "admin"];
const parties = (ok: Expectation): Record<Role, Expectation> => ({ ...everyone(404), visitor: "signin", owner: ok, other: ok, admin: ok });
const validUntil = () => new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
export const quoteFields = () => ({
  "unitPrices[0]": "4.5",
  currency: "USD",
  minimumOrder: "10",
  leadTimeDays: "14",
  incoterm: "FOB",
  paymentTerms: "Net 30",
  validUntil: validUntil(),
  message: "Our offer",
});

export const rows: RouteRow[] = [
  {
    file: "inbox.tsx",
    name: "the inbox: requests addressed to the member only",
    path: "/inbox",
    prepare: ownersRequest,
    expect: members(200, "signin"),
    check: ({ role, body }) => {
      if (role === "other") expect(body).toContain(MESSAGE);
      else expect(body).not.toContain(MESSAGE);
    },
  },
  {
    file: "inbox.tsx",
    name: "the inbox with a status that does not exist and a page past the end",
    path: "/inbox?status=shipped&page=-4",
    expect: members(200, "signin"),
  },
  {
    file: "requests.$id.tsx",
    name: "a request's page: its buyer, its supplier and admins",
    path: ({ values }) => `/requests/${values.id}`,
    prepare: ownersRequest,
    expect: parties(200),
    check: ({ role, body }) => {
      if (PARTIES.includes(role)) expect(body).toContain(MESSAGE);
      else expect(body).not.toContain(MESSAGE);
    },
  },
  {
    file: "requests.$id.tsx",
    name: "a request's data",
    path: ({ values }) => dataUrl(`/requests/${values.id}`, "routes/requests.$id"),
    prepare: ownersRequest,
    expect: parties(200),
    check: ({ role, body }) => {
      if (!PARTIES.includes(role)) expect(body).not.toContain(MESSAGE);
    },
  },
  {
    file: "requests.$id.tsx",
    name: "a request that does not exist",
    path: "/requests/no-such-request",
    expect: members(404, "signin"),
  },
  {
    file: "requests.$id.tsx",
    name: "write in a request's thread",
    method: "POST",
    path: ({ values }) => `/requests/${values.id}`,
    prepare: ownersRequest,
    form: { intent: "message", body: "Hello there" },
    expect: { ...everyone(404), visitor: "signin", owner: "redirect", other: "redirect" },
  },
  {
    file: "requests.$id.tsx",
    name: "review a request whose quote was not accepted (nobody may)",
    method: "POST",
    path: ({ values }) => `/requests/${values.id}`,
    // Opened by its supplier already: the refusal's page is a read, and a supplier's first read marks the request read.
    prepare: openedRequest,
    form: { intent: "review", described: "5", communication: "5", delivery: "5", comment: "Great" },
    expect: { ...everyone(404), visitor: "signin", owner: 409, other: 409 },
  },
  {
    file: "requests.$id.tsx",
    name: "quote a request (only its supplier)",
    method: "POST",
    path: ({ values }) => `/requests/${values.id}`,
    prepare: ownersRequest,
    form: () => ({ intent: "quote", ...quoteFields() }),
    // The buyer sees the request but cannot quote it: 409, nothing written.
    expect: { ...everyone(404), visitor: "signin", owner: 409, other: "redirect" },
  },
  {
    file: "requests.$id.tsx",
    name: "decline a request (only its supplier)",
    method: "POST",
    path: ({ values }) => `/requests/${values.id}`,
    prepare: ownersRequest,
    form: { intent: "decline", reason: "No stock" },
    expect: { ...everyone(404), visitor: "signin", owner: 409, other: "redirect" },
  },
  {
    file: "trade-leads.$id.quote.tsx",
    name: "the quote form of a buy lead: suppliers in its category",
    path: ({ values }) => `/trade-leads/${values.id}/quote`,
    prepare: buyLeadForPaid,
    expect: { ...everyone(404), visitor: "signin", paid: 200 },
  },
  {
    file: "trade-leads.$id.quote.tsx",
    name: "quote a buy lead",
    method: "POST",
    path: ({ values }) => `/trade-leads/${values.id}/quote`,
    prepare: buyLeadForPaid,
    form: () => ({ ...quoteFields(), quantity: "500" }),
    expect: { ...everyone(404), visitor: "signin", paid: { status: 302, location: "/inbox" } },
  },
];
