// Round trips to D1 that a request waits on one after another: far from the database each costs
// 100–250 ms, so the pages a member uses read their session, then everything else in one batch (at
// most 2), a visitor's page rendered afresh reads once, and a form's action writes in at most 3.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import app from "../../server";
import { probeD1 } from "../support/d1-probe";
import { createCompany, createUser, db, editedElsewhere, ORIGIN, sessionCookie } from "../support/factories";
import { fetchCountingRoundTrips } from "../support/worker";

const GOAL = { memberPage: 2, visitorPage: 1, action: 3 };

const world = {} as {
  cookie: string;
  supplierCookie: string;
  productId: number;
  catalogId: string;
  leadId: string;
  requestId: string;
  categoryId: string;
  topicId: string;
  messageId: string;
};

beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
  const member = await createUser({ plan: "premium" });
  const { owner: supplier, catalog } = await createCompany("Round Trip Pumps", "professional");
  const [product] = await db
    .insert(schema.products)
    .values({ catalogId: catalog.id, title: "Round trip pump", category: "Industrial", price: 10 })
    .returning();
  const [lead] = await db
    .insert(schema.tradeLeads)
    .values({ userId: member.id, leadType: "buy", title: "Pumps wanted", description: "200 units", category: "Industrial" })
    .returning();
  const [request] = await db
    .insert(schema.inquiries)
    .values({ userId: member.id, message: "Price?", source: "request_quote", catalogId: catalog.id, supplierId: supplier.id })
    .returning();
  const [category] = await db.insert(schema.forumCategories).values({ name: "Sourcing", sortOrder: 1 }).returning();
  const [topic] = await db
    .insert(schema.forumTopics)
    .values({ categoryId: category.id, userId: member.id, title: "Pumps from Spain", content: "Who ships?" })
    .returning();
  const [message] = await db
    .insert(schema.privateMessages)
    .values({ senderId: supplier.id, receiverId: member.id, subject: "Our catalogue", content: "See attached" })
    .returning();
  editedElsewhere();
  Object.assign(world, {
    cookie: await sessionCookie(member.id),
    supplierCookie: await sessionCookie(supplier.id),
    productId: product.id,
    catalogId: catalog.id,
    leadId: lead.id,
    requestId: request.id,
    categoryId: category.id,
    topicId: topic.id,
    messageId: message.id,
  });
});

/** A visitor whose page is rendered afresh: a cookie that is no session keeps the edge cache out. */
const FORGED = "sid=forged-session-id";

/**
 * One request's round trips. What an isolate keeps between requests (the content version, the
 * pages' shared content) is warm: the member's request of a page comes before the visitor's.
 */
async function count(path: string, cookie: string) {
  const { response, roundTrips, calls } = await fetchCountingRoundTrips(`${ORIGIN}${path}`, {
    headers: { Cookie: cookie },
    redirect: "manual",
  });
  return { status: response.status, roundTrips, calls };
}

const PAGES = () => [
  "/",
  "/products",
  `/product/${world.productId}`,
  "/products?search=pump",
  "/products?search=pump&country=ES&verified=1&samples=1&sort=price_asc",
  "/products?price_min=5&price_max=500&currency=EUR&moq_max=100&sort=moq_asc",
  "/trade-leads",
  "/trade-leads?tab=mine",
  "/trade-leads/new",
  "/companies",
  `/companies/${world.catalogId}`,
  "/catalog",
  `/catalog?show=${world.catalogId}`,
  "/inbox",
  "/requests",
  "/requests/sent",
  `/requests/${world.requestId}`,
  "/forum",
  `/forum/${world.categoryId}`,
  `/forum/topic/${world.topicId}`,
  "/messages",
  `/messages/${world.messageId}`,
  "/messages/new",
  "/notifications",
  "/settings",
  "/settings/notifications",
  "/alerts",
  "/cart",
  "/membership",
  "/contact",
  "/news",
  "/blog",
];

describe("what every page reads", () => {
  it("reads the session once, however many of the page's loaders ask who is asking", async () => {
    for (const path of ["/", `/product/${world.productId}`, "/trade-leads?tab=mine", `/requests/${world.requestId}`]) {
      const queries: string[] = [];
      const binding = probeD1(env.DB, { before() {}, after() {}, prepare: (query) => queries.push(query) });
      const ctx = createExecutionContext();
      const request = new Request(`${ORIGIN}${path}`, { headers: { Cookie: world.cookie } });
      const response = await app.fetch(
        request as Parameters<typeof app.fetch>[0],
        { ...env, DB: binding } as Parameters<typeof app.fetch>[1],
        ctx,
      );
      await response.text();
      await waitOnExecutionContext(ctx);
      expect(response.status, path).toBe(200);
      expect(queries.filter((query) => query.includes("from sessions s")).length, path).toBe(1);
    }
  });
});

describe("round trips of a page", () => {
  it(`are at most ${GOAL.memberPage} for a signed-in member and ${GOAL.visitorPage} for a visitor whose page is rendered afresh`, async () => {
    const rows: string[] = [];
    const over: string[] = [];
    for (const path of PAGES()) {
      // The inbox is the supplier's page; every other, the member's.
      const member = await count(path, path === "/inbox" ? world.supplierCookie : world.cookie);
      const visitor = await count(path, FORGED);
      expect(member.status, path).toBe(200);
      rows.push(
        `| ${path.replace(/[0-9a-f-]{36}|\d+$/, ":id")} | ${member.roundTrips} (${member.calls}) | ${visitor.status === 200 ? `${visitor.roundTrips} (${visitor.calls})` : "-"} |`,
      );
      if (member.roundTrips > GOAL.memberPage) over.push(`${path}: member ${member.roundTrips}`);
      if (visitor.status === 200 && visitor.roundTrips > GOAL.visitorPage) over.push(`${path}: visitor ${visitor.roundTrips}`);
    }
    console.log(["| page | member: round trips (calls) | visitor |", "|---|---|---|", ...rows].join("\n"));
    expect(over).toEqual([]);
  }, 120_000);
});
