// Requests for quotation reach their suppliers, who quote or decline; buyers compare and accept.
// Everything through the Worker as a browser without JavaScript would post it.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { LEAD_QUOTES_PER_MONTH } from "~/lib/constants";
import { getOrCreateUserCartId } from "~/models/cart.server";
import { inquiryReference } from "~/models/inquiries.server";
import { refreshAllResponseStats } from "~/models/quotes.server";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import {
  checkoutMessages,
  createCompany,
  createUser,
  db,
  editedElsewhere,
  get,
  loaderData,
  ORIGIN,
  post,
  sessionCookie,
} from "../support/factories";
import { fetchWorker } from "../support/worker";

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
});

async function supplier(name: string, plan: "free" | "premium" = "free", category = "Industrial") {
  const { owner, catalog } = await createCompany(name, plan);
  const [product] = await db
    .insert(schema.products)
    .values({ catalogId: catalog.id, title: `${name} pump`, category, price: 10, currency: "USD" })
    .returning();
  return { owner, catalog, product, cookie: await sessionCookie(owner.id) };
}

async function buyer(plan: "free" | "premium" = "free") {
  const user = await createUser({ plan });
  return { user, cookie: await sessionCookie(user.id) };
}

const requestsOf = (userId: string) => db.select().from(schema.inquiries).where(eq(schema.inquiries.userId, userId));
const quoteOf = (inquiryId: string) => db.select().from(schema.quotes).where(eq(schema.quotes.inquiryId, inquiryId)).get();

function quoteForm(more: Record<string, string> = {}) {
  return {
    intent: "quote",
    "unitPrices[0]": "9.5",
    currency: "USD",
    minimumOrder: "100",
    leadTimeDays: "21",
    incoterm: "FOB",
    paymentTerms: "30% deposit, 70% before shipment",
    validUntil: inDays(30),
    message: "Best price for 500 units",
    ...more,
  };
}

async function askFor(productId: number, cookie: string, quantity = "500") {
  const sent = await post(`/request-quote/${productId}`, { quantity, message: "Please quote CIF Rotterdam" }, cookie);
  expect(sent.status).toBe(302);
}

describe("a request reaches its supplier", () => {
  it("addresses a product's request to its company; the supplier's inbox and header count show it, nobody else's", async () => {
    const pumps = await supplier("Routed Pumps");
    const other = await supplier("Other Valves");
    const b = await buyer();
    await askFor(pumps.product.id, b.cookie);
    const [request] = await requestsOf(b.user.id);
    expect(request).toMatchObject({ catalogId: pumps.catalog.id, supplierId: pumps.owner.id, status: "new", groupId: request.id });

    const inbox = await (await get("/inbox", pumps.cookie)).text();
    expect(inbox).toContain("Routed Pumps pump");
    expect(inbox).toContain("Please quote CIF Rotterdam");
    expect(inbox).toMatch(/data-testid="inbox-count"[^>]*>1</);
    const otherInbox = await (await get("/inbox", other.cookie)).text();
    expect(otherInbox).not.toContain("Please quote CIF Rotterdam");
    expect(otherInbox).not.toContain('data-testid="inbox-count"');
    // Opening it marks it read.
    expect((await get(`/requests/${request.id}`, pumps.cookie)).status).toBe(200);
    expect(await (await get("/inbox", pumps.cookie)).text()).not.toContain('data-testid="inbox-count"');
  });

  it("splits a cart of two suppliers into one request each under one reference, shown together to the buyer", async () => {
    const a = await supplier("Cart Alpha");
    const c = await supplier("Cart Beta");
    const b = await buyer();
    const cartId = await getOrCreateUserCartId(db, b.user.id);
    await db.insert(schema.cartItems).values([
      { cartId, productId: a.product.id, quantity: 3 },
      { cartId, productId: c.product.id, quantity: 7 },
    ]);
    const sent = await post(
      "/cart",
      { intent: "checkout", ...(await checkoutMessages([a.product.id, c.product.id], "Two suppliers, one order")) },
      b.cookie,
    );
    expect(sent.status).toBe(302);
    const requests = await requestsOf(b.user.id);
    expect(requests).toHaveLength(2);
    expect(new Set(requests.map((r) => r.groupId)).size).toBe(1);
    expect(new Set(requests.map((r) => r.supplierId))).toEqual(new Set([a.owner.id, c.owner.id]));
    const lines = await db.select().from(schema.inquiryLines);
    const ofA = lines.filter((l) => l.inquiryId === requests.find((r) => r.supplierId === a.owner.id)!.id);
    expect(ofA.map((l) => [l.productId, l.quantity])).toEqual([[a.product.id, 3]]);
    const mine = await (await get("/requests", b.cookie)).text();
    expect(mine.match(/data-testid="my-request"/g)).toHaveLength(1);
    expect(mine.match(/data-testid="supplier-request"/g)).toHaveLength(2);
    expect(mine).toContain("Cart Alpha");
    expect(mine).toContain("Cart Beta");
  });
});

describe("issue 24, item 2: My Requests shows what was requested and the supplier's answer", () => {
  it("lists the product, its supplier, the quantity and the message, then the quote with its terms", async () => {
    const s = await supplier("Answering Mills");
    const b = await buyer();
    await post(`/request-quote/${s.product.id}?type=contact_supplier`, { quantity: "40000", message: "Monthly, CIF Jebel Ali" }, b.cookie);
    const before = await (await get("/requests", b.cookie)).text();
    for (const text of ["Answering Mills pump", "Answering Mills", "40000", "Monthly, CIF Jebel Ali", "Contact Supplier"])
      expect(before).toContain(text);
    const [request] = await requestsOf(b.user.id);
    const answered = await post(
      `/requests/${request.id}`,
      quoteForm({ "unitPrices[0]": "18.5", minimumOrder: "1000", leadTimeDays: "30", incoterm: "CIF" }),
      s.cookie,
    );
    expect(answered.status).toBe(302);
    const after = await (await get("/requests", b.cookie)).text();
    for (const text of ["Quoted", "$18.50", "$740,000.00", "Minimum order 1000 · 30 days · CIF"]) expect(after).toContain(text);
  });
});

describe("the supplier answers", () => {
  it("quotes without JavaScript; the buyer sees the quote, accepts it; the response rate moves from 'New supplier'", async () => {
    const s = await supplier("Quoting Pumps");
    const b = await buyer();
    expect(await (await get(`/companies/${s.catalog.id}`)).text()).toContain("New supplier");
    await askFor(s.product.id, b.cookie);
    const [request] = await requestsOf(b.user.id);
    const quoted = await post(`/requests/${request.id}`, quoteForm(), s.cookie);
    expect(quoted.status).toBe(302);
    const quote = await quoteOf(request.id);
    expect(quote).toMatchObject({ total: 4750, minimumOrder: 100, leadTimeDays: 21, incoterm: "FOB", status: "sent", revisions: 0 });
    const [after] = await requestsOf(b.user.id);
    expect(after.status).toBe("quoted");
    expect(after.answeredAt).not.toBeNull();

    const page = await (await get(`/requests/${request.id}`, b.cookie)).text();
    expect(page).toContain("$4,750.00");
    expect(page).toContain("30% deposit, 70% before shipment");
    const company = await (await get(`/companies/${s.catalog.id}`, b.cookie)).text();
    expect(company).toContain("Response rate 100%");

    const accepted = await post(`/requests/${request.id}`, { intent: "accept", quoteId: quote!.id }, b.cookie);
    expect(accepted.status).toBe(302);
    expect((await quoteOf(request.id))!.status).toBe("accepted");
    expect((await requestsOf(b.user.id))[0].status).toBe("accepted");
  });

  it("revises once before the buyer decides, then no more", async () => {
    const s = await supplier("Revising Pumps");
    const b = await buyer();
    await askFor(s.product.id, b.cookie);
    const [request] = await requestsOf(b.user.id);
    await post(`/requests/${request.id}`, quoteForm(), s.cookie);
    expect((await post(`/requests/${request.id}`, quoteForm({ intent: "revise", "unitPrices[0]": "9" }), s.cookie)).status).toBe(302);
    expect(await quoteOf(request.id)).toMatchObject({ total: 4500, revisions: 1 });
    const again = await post(`/requests/${request.id}`, quoteForm({ intent: "revise", "unitPrices[0]": "8" }), s.cookie);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This is no longer possible");
    expect((await quoteOf(request.id))!.total).toBe(4500);
  });

  it("declines with a reason the buyer reads", async () => {
    const s = await supplier("Declining Pumps");
    const b = await buyer();
    await askFor(s.product.id, b.cookie);
    const [request] = await requestsOf(b.user.id);
    const refused = await post(`/requests/${request.id}`, { intent: "decline", reason: "" }, s.cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("This field is required");
    expect((await post(`/requests/${request.id}`, { intent: "decline", reason: "Out of stock until March" }, s.cookie)).status).toBe(302);
    expect((await requestsOf(b.user.id))[0]).toMatchObject({ status: "declined", declineReason: "Out of stock until March" });
    expect(await (await get("/requests", b.cookie)).text()).toContain("Out of stock until March");
  });

  it.each([
    ["a negative price", { "unitPrices[0]": "-1" }, "Please enter a price above 0, up to 1,000,000,000."],
    ["an infinite price", { "unitPrices[0]": "Infinity" }, "Please enter a price above 0, up to 1,000,000,000."],
    ["a currency the site does not list", { currency: "BTC" }, "Please choose one of the options"],
    ["a date in the past", { validUntil: inDays(-1) }, "Please choose a date from tomorrow up to a year ahead."],
    ["a minimum order of 0", { minimumOrder: "0" }, "Please enter a positive whole number"],
    ["an Incoterm not offered", { incoterm: "XYZ" }, "Please choose one of the options"],
  ])("refuses %s with 400, the message next to the field, and writes nothing", async (_case, change, message) => {
    const s = await supplier("Checked Pumps");
    const b = await buyer();
    await askFor(s.product.id, b.cookie);
    const [request] = await requestsOf(b.user.id);
    const refused = await post(`/requests/${request.id}`, quoteForm(change), s.cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(message);
    expect(await quoteOf(request.id)).toBeUndefined();
  });

  it("refuses prices that do not match the request's lines", async () => {
    const s = await supplier("Line Pumps");
    const b = await buyer();
    await askFor(s.product.id, b.cookie);
    const [request] = await requestsOf(b.user.id);
    expect((await post(`/requests/${request.id}`, quoteForm({ "unitPrices[1]": "4" }), s.cookie)).status).toBe(409);
    expect(await quoteOf(request.id)).toBeUndefined();
  });
});

describe("who receives a request", () => {
  it("answers 404 to another supplier, another buyer and a visitor's forged cookie; another supplier's quote changes nothing", async () => {
    const s = await supplier("Private Pumps");
    const intruder = await supplier("Intruding Pumps", "premium");
    const b = await buyer();
    const stranger = await buyer("premium");
    await askFor(s.product.id, b.cookie);
    const [request] = await requestsOf(b.user.id);
    for (const cookie of [intruder.cookie, stranger.cookie]) {
      expect((await get(`/requests/${request.id}`, cookie)).status).toBe(404);
      expect((await post(`/requests/${request.id}`, quoteForm(), cookie)).status).toBe(404);
      expect((await post(`/requests/${request.id}`, { intent: "message", body: "hello" }, cookie)).status).toBe(404);
    }
    expect((await get(`/requests/${request.id}`, "sid=forged.value")).headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
    expect(await quoteOf(request.id)).toBeUndefined();
    expect(await db.select().from(schema.inquiryMessages)).toEqual([]);
    // The admin sees it.
    expect((await get(`/requests/${request.id}`, await sessionCookie(null, true))).status).toBe(200);
  });

  it("answers 404 to a quote id that is not the request's, and changes nothing", async () => {
    const s = await supplier("Foreign Pumps");
    const b = await buyer();
    const other = await buyer();
    await askFor(s.product.id, b.cookie);
    await askFor(s.product.id, other.cookie);
    const [mine] = await requestsOf(b.user.id);
    const [theirs] = await requestsOf(other.user.id);
    await post(`/requests/${theirs.id}`, quoteForm(), s.cookie);
    const foreign = (await quoteOf(theirs.id))!;
    for (const intent of ["accept", "declineQuote"]) {
      expect((await post(`/requests/${mine.id}`, { intent, quoteId: foreign.id }, b.cookie)).status).toBe(404);
      expect((await post(`/requests/${theirs.id}`, { intent, quoteId: foreign.id }, b.cookie)).status).toBe(404);
    }
    expect((await quoteOf(theirs.id))!.status).toBe("sent");
    expect((await requestsOf(other.user.id))[0].status).toBe("quoted");
  });

  it("gives a free supplier the buyer's name, company and country but not their e-mail; a paid supplier both", async () => {
    const free = await supplier("Free Pumps", "free");
    const paid = await supplier("Paid Pumps", "premium");
    const b = await buyer();
    const [profile] = await db.select().from(schema.profiles).where(eq(schema.profiles.id, b.user.id));
    await db.update(schema.profiles).set({ country: "Kenya", mobileNumber: "+254 700 000 111" }).where(eq(schema.profiles.id, b.user.id));
    await askFor(free.product.id, b.cookie);
    await askFor(paid.product.id, b.cookie);
    const requests = await requestsOf(b.user.id);
    const toFree = requests.find((r) => r.supplierId === free.owner.id)!;
    const toPaid = requests.find((r) => r.supplierId === paid.owner.id)!;
    const seenByFree = await (await get(`/requests/${toFree.id}`, free.cookie)).text();
    expect(seenByFree).toContain(profile.fullName);
    expect(seenByFree).toContain("Kenya");
    expect(seenByFree).not.toContain(b.user.email);
    expect(seenByFree).not.toContain("+254 700 000 111");
    const seenByPaid = await (await get(`/requests/${toPaid.id}`, paid.cookie)).text();
    expect(seenByPaid).toContain(b.user.email);
    expect(seenByPaid).toContain("+254 700 000 111");
  });

  it("lets a free buyer and the supplier talk in the request's thread", async () => {
    const s = await supplier("Talking Pumps");
    const b = await buyer();
    await askFor(s.product.id, b.cookie);
    const [request] = await requestsOf(b.user.id);
    expect((await post(`/requests/${request.id}`, { intent: "message", body: "Can you ship by May?" }, b.cookie)).status).toBe(302);
    expect((await post(`/requests/${request.id}`, { intent: "message", body: "Yes, by sea." }, s.cookie)).status).toBe(302);
    for (const cookie of [b.cookie, s.cookie]) {
      const html = await (await get(`/requests/${request.id}`, cookie)).text();
      expect(html.indexOf("Can you ship by May?")).toBeLessThan(html.indexOf("Yes, by sea."));
    }
    const control = await post(`/requests/${request.id}`, { intent: "message", body: "bad\u0000byte" }, b.cookie);
    expect(control.status).toBe(400);
    expect(await control.text()).toContain("Please remove invisible control characters.");
  });
});

describe("buy requests (Post RFQ) reach the suppliers who sell in their category", () => {
  async function buyLead(ownerId: string, category = "Industrial") {
    const [lead] = await db
      .insert(schema.tradeLeads)
      .values({
        userId: ownerId,
        leadType: "buy",
        title: `Need pumps ${crypto.randomUUID().slice(0, 6)}`,
        description: "5,000 pumps",
        category,
        quantity: "5,000 pieces",
      })
      .returning();
    return lead;
  }
  const leadQuote = (more: Record<string, string> = {}) => {
    const { intent: _intent, ...form } = quoteForm(more);
    return { ...form, quantity: "5000" };
  };

  it("shows the lead in matching inboxes only; two quotes compare side by side; one acceptance wins; the other is not chosen", async () => {
    const first = await supplier("Lead Alpha");
    const second = await supplier("Lead Beta");
    const unrelated = await supplier("Lead Fashion", "free", "Fashion");
    const b = await buyer();
    const lead = await buyLead(b.user.id);
    expect(await (await get("/inbox", first.cookie)).text()).toContain(lead.title);
    expect(await (await get("/inbox", unrelated.cookie)).text()).not.toContain(lead.title);
    expect((await get(`/trade-leads/${lead.id}/quote`, unrelated.cookie)).status).toBe(404);

    expect((await post(`/trade-leads/${lead.id}/quote`, leadQuote(), first.cookie)).status).toBe(302);
    expect((await post(`/trade-leads/${lead.id}/quote`, leadQuote({ "unitPrices[0]": "8" }), second.cookie)).status).toBe(302);
    const again = await post(`/trade-leads/${lead.id}/quote`, leadQuote(), first.cookie);
    expect(again.status).toBe(409);

    const mine = await (await get("/requests", b.cookie)).text();
    expect(mine).toContain('data-testid="comparison"');
    expect(mine).toContain("$47,500.00");
    expect(mine).toContain("$40,000.00");

    const quotes = await db.select().from(schema.quotes);
    const ofLead = quotes.filter((q) => q.total === 47500 || q.total === 40000);
    const requests = await requestsOf(b.user.id);
    // Two acceptances at once: one wins.
    const answers = await Promise.all(ofLead.map((q) => post(`/requests/${q.inquiryId}`, { intent: "accept", quoteId: q.id }, b.cookie)));
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
    const after = await db.select().from(schema.quotes);
    const statuses = after
      .filter((q) => ofLead.some((o) => o.id === q.id))
      .map((q) => q.status)
      .sort();
    expect(statuses).toEqual(["accepted", "not_chosen"]);
    const loser = after.find((q) => q.status === "not_chosen")!;
    const loserRequest = requests.find((r) => r.id === loser.inquiryId)!;
    const loserCookie = loserRequest.supplierId === first.owner.id ? first.cookie : second.cookie;
    expect(await (await get(`/requests/${loser.inquiryId}`, loserCookie)).text()).toContain("Not chosen");
  });

  it(`holds the month's quota under 20 parallel quotes: a free supplier sends ${LEAD_QUOTES_PER_MONTH.free}`, async () => {
    const s = await supplier("Quota Pumps");
    const b = await buyer();
    const leads = await Promise.all(Array.from({ length: 20 }, () => buyLead(b.user.id)));
    expect(await (await get("/inbox", s.cookie)).text()).toContain(
      `${LEAD_QUOTES_PER_MONTH.free} of ${LEAD_QUOTES_PER_MONTH.free} quotes left this month`,
    );
    const answers = await Promise.all(leads.map((lead) => post(`/trade-leads/${lead.id}/quote`, leadQuote(), s.cookie)));
    expect(answers.filter((a) => a.status === 302)).toHaveLength(LEAD_QUOTES_PER_MONTH.free);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20 - LEAD_QUOTES_PER_MONTH.free);
    const sent = await db.select().from(schema.inquiries).where(eq(schema.inquiries.supplierId, s.owner.id));
    expect(sent).toHaveLength(LEAD_QUOTES_PER_MONTH.free);
    expect(await (await get("/inbox", s.cookie)).text()).toContain(`0 of ${LEAD_QUOTES_PER_MONTH.free} quotes left this month`);
    // A request addressed to the supplier is still answered.
    await askFor(s.product.id, b.cookie);
    const direct = (await requestsOf(b.user.id)).find((r) => r.source === "request_quote")!;
    expect((await post(`/requests/${direct.id}`, quoteForm(), s.cookie)).status).toBe(302);
  });
});

describe("time", () => {
  it("marks a quote past its validity expired, which cannot be accepted", async () => {
    const s = await supplier("Expiring Pumps");
    const b = await buyer();
    await askFor(s.product.id, b.cookie);
    const [request] = await requestsOf(b.user.id);
    await post(`/requests/${request.id}`, quoteForm(), s.cookie);
    const quote = (await quoteOf(request.id))!;
    await db
      .update(schema.quotes)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(schema.quotes.id, quote.id));
    const page = await (await get(`/requests/${request.id}`, b.cookie)).text();
    expect(page).toContain("This quote has expired and can no longer be accepted.");
    expect((await post(`/requests/${request.id}`, { intent: "accept", quoteId: quote.id }, b.cookie)).status).toBe(409);
    expect((await quoteOf(request.id))!.status).toBe("sent");
  });

  it("counts a request unanswered for 24 hours against the response rate, from the daily refresh", async () => {
    const s = await supplier("Slow Pumps");
    const b = await buyer();
    await askFor(s.product.id, b.cookie);
    await askFor(s.product.id, b.cookie);
    const [answered, ignored] = await requestsOf(b.user.id);
    const thirtyHoursAgo = new Date(Date.now() - 30 * 60 * 60 * 1000);
    await db.update(schema.inquiries).set({ createdAt: thirtyHoursAgo }).where(eq(schema.inquiries.id, ignored.id));
    await post(`/requests/${answered.id}`, quoteForm(), s.cookie);
    await refreshAllResponseStats(db);
    const [catalog] = await db.select().from(schema.catalogs).where(eq(schema.catalogs.id, s.catalog.id));
    expect(catalog.responseRate).toBe(50);
    expect(catalog.responseMinutes).toBe(0);
  });
});

describe("hostile bodies", () => {
  it("answers a JSON body to a request's page with 4xx and writes nothing", async () => {
    const s = await supplier("Json Pumps");
    const b = await buyer();
    await askFor(s.product.id, b.cookie);
    const [request] = await requestsOf(b.user.id);
    const response = await fetchWorker(`${ORIGIN}/requests/${request.id}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: ORIGIN, Host: "localhost", Cookie: s.cookie, "Content-Type": "application/json" },
      body: JSON.stringify(quoteForm()),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await quoteOf(request.id)).toBeUndefined();
  });
});

describe("query plans", () => {
  const plan = async (query: string, ...values: unknown[]) =>
    (
      await env.DB.prepare(`explain query plan ${query}`)
        .bind(...values)
        .all<{ detail: string }>()
    ).results
      .map((r) => r.detail)
      .join(" | ");

  it.each([
    [
      "the header's unread count",
      "select count(*) from inquiries i where i.supplier_id = ?1 and i.supplier_read_at is null",
      "inquiries_supplier_unread_idx",
    ],
    [
      "a page of the inbox",
      "select i.id from inquiries i where i.supplier_id = ?1 order by i.created_at desc, i.id limit 20",
      "inquiries_supplier_created_idx",
    ],
    [
      "the month's lead quotes",
      "select count(*) from inquiries where supplier_id = ?1 and source = 'trade_lead' and created_at >= ?2",
      "inquiries_supplier_created_idx",
    ],
    [
      "the buyer's groups",
      "select group_id, max(created_at) from inquiries where user_id = ?1 group by group_id",
      "inquiries_user_created_idx",
    ],
    ["a reference's requests", "select id from inquiries where group_id = ?1", "inquiries_group_idx"],
    [
      "a company's response figures",
      "select count(*) from inquiries i where i.catalog_id = ?1 and i.created_at > ?2",
      "inquiries_catalog_created_idx",
    ],
    ["a request's quote", "select * from quotes where inquiry_id = ?1", "quotes_inquiry_idx"],
    [
      "a request's thread",
      "select * from inquiry_messages where inquiry_id = ?1 order by created_at",
      "inquiry_messages_inquiry_created_idx",
    ],
    [
      "the buy leads of a category",
      "select id from trade_leads where is_active = 1 and lead_type = 'buy' and category in ('Industrial', 'Chemicals') order by created_at desc limit 10",
      "trade_leads_active_type_created_idx",
    ],
  ])("reads %s through an index", async (_what, query, index) => {
    const params = Math.max(0, ...[...query.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])));
    const detail = await plan(query, ...["x", 0].slice(0, params));
    expect(detail).toContain(index);
    expect(detail).not.toMatch(/SCAN (i|inquiries|quotes|inquiry_messages|trade_leads)\b(?! USING)/);
  });
});

describe("issue 38: the quote loop reads the same to everyone, and right for each", () => {
  /** What a person reads of the HTML: React's escapes and text separators undone. */
  const readable = (html: string) =>
    html
      .replace(/<!-- -->/g, "")
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, "&");
  const admin = () => sessionCookie(null, true);

  async function buyRequest(ownerId: string) {
    const [lead] = await db
      .insert(schema.tradeLeads)
      .values({
        userId: ownerId,
        leadType: "buy",
        title: `Looking for pumps, lot ${crypto.randomUUID().slice(0, 6)}`,
        description: "Pumps for a new plant",
        category: "Industrial",
        quantity: "5,000 pieces",
      })
      .returning();
    return lead;
  }
  const leadQuote = (price: string) => {
    const { intent: _intent, ...form } = quoteForm({ "unitPrices[0]": price });
    return { ...form, quantity: "5000" };
  };

  type AdminListing = {
    requests: {
      id: string;
      reference: string;
      company: { name: string } | null;
      lines: { unitPrice: number | null }[];
      quote: { unitPrices: { unitPrice: number }[] } | null;
    }[];
  };

  it("1. gives one request one reference for buyer, suppliers, notifications and admins; the admin list names the supplier and the quoted price", async () => {
    const alpha = await supplier("Reference Alpha");
    const beta = await supplier("Reference Beta");
    const b = await buyer();
    const lead = await buyRequest(b.user.id);
    expect((await post(`/trade-leads/${lead.id}/quote`, leadQuote("9.5"), alpha.cookie)).status).toBe(302);
    expect((await post(`/trade-leads/${lead.id}/quote`, leadQuote("8"), beta.cookie)).status).toBe(302);
    const cartId = await getOrCreateUserCartId(db, b.user.id);
    await db.insert(schema.cartItems).values([
      { cartId, productId: alpha.product.id, quantity: 3 },
      { cartId, productId: beta.product.id, quantity: 7 },
    ]);
    const messages = await checkoutMessages([alpha.product.id, beta.product.id], "One order, two suppliers");
    expect((await post("/cart", { intent: "checkout", ...messages }, b.cookie)).status).toBe(302);

    const requests = await requestsOf(b.user.id);
    const ofLead = requests.filter((r) => r.tradeLeadId === lead.id);
    const ofCart = requests.filter((r) => r.source === "checkout");
    expect(ofLead).toHaveLength(2);
    expect(ofCart).toHaveLength(2);
    const leadReference = inquiryReference(lead.id);
    const cartReference = inquiryReference(ofCart[0].groupId);

    // The buyer sees each group under its one reference; each supplier's page names the same one.
    const mine = readable(await (await get("/requests", b.cookie)).text());
    expect(mine).toContain(leadReference);
    expect(mine).toContain(cartReference);
    for (const request of [...ofLead, ...ofCart]) {
      const cookie = request.supplierId === alpha.owner.id ? alpha.cookie : beta.cookie;
      const reference = request.source === "checkout" ? cartReference : leadReference;
      expect(readable(await (await get(`/requests/${request.id}`, cookie)).text())).toContain(`Request ${reference}`);
    }
    const told = await db.select().from(schema.notifications).where(eq(schema.notifications.userId, b.user.id));
    expect(told.filter((n) => n.kind === "quote_received").map((n) => n.data.reference)).toEqual([leadReference, leadReference]);

    // The admin lists every request under the same reference, with its supplier and the quote's prices.
    const { requests: listed } = await loaderData<AdminListing>("/admin/requests", "routes/admin.requests", await admin());
    const byId = new Map(listed.map((r) => [r.id, r]));
    for (const request of ofLead) {
      const row = byId.get(request.id)!;
      expect(row.reference).toBe(leadReference);
      expect(row.company?.name).toBe(request.supplierId === alpha.owner.id ? "Reference Alpha" : "Reference Beta");
      expect(row.quote?.unitPrices.map((p) => p.unitPrice)).toEqual([request.supplierId === alpha.owner.id ? 9.5 : 8]);
      expect(row.lines.map((l) => l.unitPrice)).toEqual([null]);
    }
    for (const request of ofCart) expect(byId.get(request.id)!.reference).toBe(cartReference);

    const page = readable(await (await get("/admin/requests", await admin())).text());
    const items = page
      .split('data-testid="admin-request">')
      .slice(1)
      .map((item) => item.split("</li>")[0]);
    const leadItems = items.filter((item) => item.includes(leadReference));
    expect(leadItems).toHaveLength(2);
    const alphaItem = leadItems.find((item) => item.includes("Reference Alpha"))!;
    const betaItem = leadItems.find((item) => item.includes("Reference Beta"))!;
    expect(alphaItem).toMatch(/data-testid="quoted-price">\$9\.50</);
    expect(betaItem).toMatch(/data-testid="quoted-price">\$8\.00</);
    expect(alphaItem).toContain("Awaiting the buyer's decision");
    // A buy request has no listed price; a cart's line keeps the listing's.
    expect(alphaItem).toMatch(/data-testid="listed-price">—</);
    const cartItems = items.filter((item) => item.includes(cartReference));
    expect(cartItems).toHaveLength(2);
    for (const item of cartItems) expect(item).toMatch(/data-testid="listed-price">\$10\.00</);
    // Not each supplier's own request's id, as it listed them before.
    for (const request of requests) expect(page).not.toContain(inquiryReference(request.id));
  });

  it("2, 3, 4. the supplier awaits the buyer's decision and reads the buyer's review; a review's date has nothing after it", async () => {
    const s = await supplier("Decision Mills");
    const b = await buyer();
    await askFor(s.product.id, b.cookie);
    const [request] = await requestsOf(b.user.id);
    expect((await post(`/requests/${request.id}`, quoteForm(), s.cookie)).status).toBe(302);

    const asSupplier = readable(await (await get(`/requests/${request.id}`, s.cookie)).text());
    expect(asSupplier).toContain("Awaiting the buyer's decision");
    expect(asSupplier).not.toContain("Awaiting your decision");
    expect(readable(await (await get(`/requests/${request.id}`, await admin())).text())).toContain("Awaiting the buyer's decision");
    expect(readable(await (await get(`/requests/${request.id}`, b.cookie)).text())).toContain("Awaiting your decision");

    const quote = (await quoteOf(request.id))!;
    expect((await post(`/requests/${request.id}`, { intent: "accept", quoteId: quote.id }, b.cookie)).status).toBe(302);
    const review = { intent: "review", described: "5", communication: "4", delivery: "4", comment: "Rice as described." };
    expect((await post(`/requests/${request.id}`, review, b.cookie)).status).toBe(302);
    const supplierReads = readable(await (await get(`/requests/${request.id}`, s.cookie)).text());
    expect(supplierReads).toMatch(/id="review-heading"[^>]*>The buyer's review</);
    expect(supplierReads).not.toContain("Your review of");
    expect(readable(await (await get(`/requests/${request.id}`, b.cookie)).text())).toMatch(
      /id="review-heading"[^>]*>Your review of Decision Mills</,
    );

    // Unedited, the byline ends with the date (a stray '0' followed it, in every language).
    editedElsewhere();
    const bylines = async (query: string) =>
      [...readable(await (await get(`/companies/${s.catalog.id}${query}`)).text()).matchAll(/data-testid="review-byline">([^<]*)</g)].map(
        (m) => m[1],
      );
    expect(await bylines("")).toEqual([expect.stringMatching(/· [A-Z][a-z]+ \d{1,2}, \d{4}$/)]);
    expect(await bylines("?lng=zh")).toEqual([expect.stringMatching(/\d{4}年\d{1,2}月\d{1,2}日$/)]);
    expect(await bylines("?lng=hi")).toEqual([expect.stringMatching(/[\d०-९]{4}$/)]);
  });

  it("9. a quote on a buy request asks for the price of one unit, beside what the buyer asked for, not under the request's title", async () => {
    const s = await supplier("Per Unit Pumps");
    const b = await buyer();
    const lead = await buyRequest(b.user.id);
    const form = readable(await (await get(`/trade-leads/${lead.id}/quote`, s.cookie)).text());
    expect(form).toMatch(/<label[^>]*>Unit price \(per unit\)<span[^>]*>— the buyer asks for 5,000 pieces<\/span><\/label>/);
    expect(form).not.toContain(`Unit price: ${lead.title}`);

    expect((await post(`/trade-leads/${lead.id}/quote`, leadQuote("9.5"), s.cookie)).status).toBe(302);
    const [request] = await requestsOf(b.user.id);
    // The one revision reads the same way.
    const page = readable(await (await get(`/requests/${request.id}`, s.cookie)).text());
    expect(page).toContain("Revise Quote");
    expect(page).toMatch(/<label[^>]*>Unit price \(per unit\)<\/label>/);
    expect(page).not.toContain(`Unit price: ${lead.title}`);
  });
});
