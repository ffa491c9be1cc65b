// An admin's third answer to a report: hide the content. It is gone for everyone but admins and its
// author, who is told why (a notification with the reason, and a notice where they see it); the
// reporters are told; the admin can show it again. Every kind of content that can be reported.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ReportTarget } from "~/lib/constants";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import { createCompany, createUser, db, editedElsewhere, get, post, sessionCookie } from "../support/factories";

beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
});

const NOTICE = "Hidden by an administrator after reports (Counterfeit). Only you and the administrators see it.";

/** A member's report of a target, written as /report writes it (the route itself is tested in reports.test.ts). */
async function reportOf(targetType: ReportTarget, targetId: string | number, ownerId: string) {
  const reporter = await createUser();
  await db
    .insert(schema.reports)
    .values({ reporterId: reporter.id, targetType, targetId: String(targetId), ownerId, reason: "counterfeit", details: "Fake brand" });
  return reporter;
}

const hide = async (targetType: ReportTarget, targetId: string | number, admin: string) => {
  const answer = await post("/admin/reports", { intent: "hide", targetType, targetId: String(targetId), reason: "counterfeit" }, admin);
  editedElsewhere();
  return answer;
};

async function kindsOf(userId: string) {
  return (await db.select().from(schema.notifications).where(eq(schema.notifications.userId, userId))).map((n) => n.kind);
}

describe("hiding reported content", () => {
  it("hides a listing from search, lists, its page, the company page, carts and requests; its supplier and admins still see it, told why", async () => {
    const { owner, catalog } = await createCompany("Kakapo Valves", "free");
    const [product] = await db
      .insert(schema.products)
      .values([
        { catalogId: catalog.id, title: "Kakapo replica valve", category: "Hidden Test Category", price: 5 },
        { catalogId: catalog.id, title: "Kakapo genuine valve", category: "Hidden Test Category", price: 6 },
      ])
      .returning();
    editedElsewhere();
    const ownerCookie = await sessionCookie(owner.id);
    const buyer = await createUser();
    const buyerCookie = await sessionCookie(buyer.id);
    expect((await post("/cart", { intent: "add", productId: String(product.id) }, buyerCookie)).status).toBeLessThan(400);
    const countBefore = await db.select().from(schema.productCategories).where(eq(schema.productCategories.name, "Hidden Test Category"));
    expect(countBefore[0].productCount).toBe(2);
    const reporter = await reportOf("product", product.id, owner.id);
    const admin = await sessionCookie(null, true);

    const reports = await (await get("/admin/reports", admin)).text();
    expect(reports).toContain("Kakapo replica valve");
    expect((await hide("product", product.id, admin)).headers.get("Location")).toBe("/admin/reports");

    // Gone for a visitor and another member: its page, search, the category, the company page.
    for (const cookie of [undefined, buyerCookie]) {
      expect((await get(`/product/${product.id}`, cookie)).status).toBe(404);
      expect(await (await get("/products?search=Kakapo", cookie)).text()).not.toContain("Kakapo replica valve");
      const company = await (await get(`/companies/${catalog.id}`, cookie)).text();
      expect(company).not.toContain("Kakapo replica valve");
      expect(company).toContain("Kakapo genuine valve");
    }
    expect(await (await get("/products?search=Kakapo")).text()).toContain("Kakapo genuine valve");
    const countAfter = await db.select().from(schema.productCategories).where(eq(schema.productCategories.name, "Hidden Test Category"));
    expect(countAfter[0].productCount).toBe(1);
    // The cart drops it and says so; no request can reach it.
    expect(await (await get("/cart", buyerCookie)).text()).not.toContain("Kakapo replica valve");
    expect(await db.select().from(schema.cartItems).where(eq(schema.cartItems.productId, product.id))).toHaveLength(0);
    expect((await post(`/request-quote/${product.id}`, { quantity: "2", message: "Still for sale?" }, buyerCookie)).status).toBe(404);
    expect((await post("/cart", { intent: "add", productId: String(product.id) }, buyerCookie)).status).toBe(404);

    // Its supplier sees it, on its page and in My Catalog, told why; so does an admin.
    for (const cookie of [ownerCookie, admin]) {
      const page = await get(`/product/${product.id}`, cookie);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(NOTICE);
    }
    expect(await (await get(`/catalog?show=${catalog.id}`, ownerCookie)).text()).toContain(NOTICE);

    // The reporter and the author are told; the author's notification says what and why, and links to it.
    expect(await kindsOf(reporter.id)).toEqual(["report_hidden"]);
    const [told] = await db.select().from(schema.notifications).where(eq(schema.notifications.userId, owner.id));
    expect(told).toMatchObject({ kind: "content_hidden", link: `/product/${product.id}` });
    const bell = await (await get("/notifications", ownerCookie)).text();
    expect(bell).toContain("An admin hid your product after reports: Counterfeit");
    const [email] = await db.select().from(schema.outbox).where(eq(schema.outbox.toEmail, owner.email));
    expect(email.subject).toBe("An administrator hid something you posted");
    // Nothing open is left about it; it is listed as hidden.
    const list = await (await get("/admin/reports", admin)).text();
    expect(list).toContain("Hidden content");
    expect(list).toContain("Show it again");
    expect((await hide("product", product.id, admin)).status).toBe(404);

    // Shown again: back everywhere, counted again.
    expect((await post("/admin/reports", { intent: "restore", targetType: "product", targetId: String(product.id) }, admin)).status).toBe(
      302,
    );
    editedElsewhere();
    expect((await get(`/product/${product.id}`)).status).toBe(200);
    expect(await (await get(`/product/${product.id}`)).text()).not.toContain(NOTICE);
    const countBack = await db.select().from(schema.productCategories).where(eq(schema.productCategories.name, "Hidden Test Category"));
    expect(countBack[0].productCount).toBe(2);
    expect((await post("/admin/reports", { intent: "restore", targetType: "product", targetId: String(product.id) }, admin)).status).toBe(
      404,
    );
  });

  it("hides a company with its listings; lifting a suspension does not show a company an admin hid", async () => {
    const { owner, catalog } = await createCompany("Takahe Trading", "free");
    const [product] = await db
      .insert(schema.products)
      .values({ catalogId: catalog.id, title: "Takahe copper wire", category: "Industrial", price: 5 })
      .returning();
    editedElsewhere();
    await reportOf("company", catalog.id, owner.id);
    const admin = await sessionCookie(null, true);
    expect((await hide("company", catalog.id, admin)).status).toBe(302);
    expect((await get(`/companies/${catalog.id}`)).status).toBe(404);
    expect((await get(`/product/${product.id}`)).status).toBe(404);
    expect(await (await get("/companies?q=Takahe")).text()).not.toContain("Takahe Trading");
    const ownerCookie = await sessionCookie(owner.id);
    const own = await get(`/companies/${catalog.id}`, ownerCookie);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain(NOTICE);
    expect(await (await get("/catalog", ownerCookie)).text()).toContain(NOTICE);

    // A suspension and its lifting leave the admin's decision standing.
    expect((await post("/admin/reports", { intent: "suspend", userId: owner.id }, admin)).status).toBe(302);
    expect((await post("/admin/reports", { intent: "lift", userId: owner.id }, admin)).status).toBe(302);
    editedElsewhere();
    expect((await get(`/companies/${catalog.id}`)).status).toBe(404);
    expect((await post("/admin/reports", { intent: "restore", targetType: "company", targetId: catalog.id }, admin)).status).toBe(302);
    editedElsewhere();
    expect((await get(`/companies/${catalog.id}`)).status).toBe(200);
    expect((await get(`/product/${product.id}`)).status).toBe(200);
  });

  it("takes a lead off the board, its counter and quotes; its poster sees it on My Leads and its edit page", async () => {
    const poster = await createUser();
    const [lead] = await db
      .insert(schema.tradeLeads)
      .values({ userId: poster.id, leadType: "buy", title: "Kea counterfeit bearings", description: "Need 500", category: "Industrial" })
      .returning();
    editedElsewhere();
    const before = await db.select().from(schema.tradeLeadCounts).where(eq(schema.tradeLeadCounts.leadType, "buy"));
    await reportOf("lead", lead.id, poster.id);
    const admin = await sessionCookie(null, true);
    expect((await hide("lead", lead.id, admin)).status).toBe(302);
    expect(await (await get("/trade-leads")).text()).not.toContain("Kea counterfeit bearings");
    const after = await db.select().from(schema.tradeLeadCounts).where(eq(schema.tradeLeadCounts.leadType, "buy"));
    expect(after[0].activeCount).toBe(before[0].activeCount - 1);
    const posterCookie = await sessionCookie(poster.id);
    expect(await (await get("/trade-leads?tab=mine", posterCookie)).text()).toContain(NOTICE);
    expect(await (await get(`/trade-leads/${lead.id}/edit`, posterCookie)).text()).toContain(NOTICE);
    const [told] = await db.select().from(schema.notifications).where(eq(schema.notifications.userId, poster.id));
    expect(told.link).toBe(`/trade-leads/${lead.id}/edit`);
    // A supplier whose catalog matches cannot quote it.
    const { owner: supplier } = await createCompany("Kea Bearings Supply", "professional");
    await db.insert(schema.products).values({
      catalogId: (await db.select().from(schema.catalogs).where(eq(schema.catalogs.userId, supplier.id)))[0].id,
      title: "Bearing",
      category: "Industrial",
    });
    expect((await get(`/trade-leads/${lead.id}/quote`, await sessionCookie(supplier.id))).status).toBe(404);
  });

  it("hides a forum topic and a reply from other members, not from their authors", async () => {
    const [author, replier, reader] = [
      await createUser({ plan: "premium" }),
      await createUser({ plan: "premium" }),
      await createUser({ plan: "premium" }),
    ];
    const [category] = await db.insert(schema.forumCategories).values({ name: "Hidden topics", sortOrder: 90 }).returning();
    const [topic, shownTopic] = await db
      .insert(schema.forumTopics)
      .values([
        { categoryId: category.id, userId: author.id, title: "Cheap replica watches", content: "Buy from me" },
        { categoryId: category.id, userId: replier.id, title: "Shipping to Lagos", content: "Who ships?" },
      ])
      .returning();
    const [reply] = await db
      .insert(schema.forumReplies)
      .values({ topicId: shownTopic.id, userId: author.id, content: "Wire the deposit to my cousin" })
      .returning();
    const admin = await sessionCookie(null, true);
    await reportOf("topic", topic.id, author.id);
    await reportOf("reply", reply.id, author.id);
    expect((await hide("topic", topic.id, admin)).status).toBe(302);
    expect((await hide("reply", reply.id, admin)).status).toBe(302);

    const readerCookie = await sessionCookie(reader.id);
    const list = await (await get(`/forum/${category.id}`, readerCookie)).text();
    expect(list).not.toContain("Cheap replica watches");
    expect(list).toContain("Shipping to Lagos");
    expect((await get(`/forum/topic/${topic.id}`, readerCookie)).status).toBe(404);
    expect(await (await get(`/forum/topic/${shownTopic.id}`, readerCookie)).text()).not.toContain("Wire the deposit");
    expect(await (await get("/forum", readerCookie)).text()).toMatch(/Hidden topics[\s\S]*?Topics: (<!-- -->)?1\b/);

    const authorCookie = await sessionCookie(author.id);
    expect(await (await get(`/forum/topic/${topic.id}`, authorCookie)).text()).toContain(NOTICE);
    const thread = await (await get(`/forum/topic/${shownTopic.id}`, authorCookie)).text();
    expect(thread).toContain("Wire the deposit");
    expect(thread).toContain(NOTICE);
    const links = (await db.select().from(schema.notifications).where(eq(schema.notifications.userId, author.id))).map((n) => n.link);
    expect(links.sort()).toEqual([`/forum/topic/${shownTopic.id}`, `/forum/topic/${topic.id}`].sort());
  });

  it("hides a private message from its receiver, a request message from the other side and a review from the supplier and the company page", async () => {
    const [sender, receiver] = [await createUser({ plan: "premium" }), await createUser({ plan: "premium" })];
    const [message] = await db
      .insert(schema.privateMessages)
      .values({ senderId: sender.id, receiverId: receiver.id, subject: "Pay to this account", content: "Urgent" })
      .returning();
    const admin = await sessionCookie(null, true);
    await reportOf("message", message.id, sender.id);
    expect((await hide("message", message.id, admin)).status).toBe(302);
    const receiverCookie = await sessionCookie(receiver.id);
    expect(await (await get("/messages", receiverCookie)).text()).not.toContain("Pay to this account");
    expect((await get(`/messages/${message.id}`, receiverCookie)).status).toBe(404);
    const senderCookie = await sessionCookie(sender.id);
    expect(await (await get("/messages?box=sent", senderCookie)).text()).toContain(NOTICE);
    expect(await (await get(`/messages/${message.id}`, senderCookie)).text()).toContain(NOTICE);

    // A deal: a request with a thread and a review of the accepted quote.
    const { owner: supplier, catalog } = await createCompany("Pukeko Pumps", "free");
    const buyer = await createUser();
    const [request] = await db
      .insert(schema.inquiries)
      .values({
        userId: buyer.id,
        message: "Price?",
        source: "request_quote",
        status: "accepted",
        catalogId: catalog.id,
        supplierId: supplier.id,
      })
      .returning();
    await db.insert(schema.quotes).values({
      inquiryId: request.id,
      unitPrices: [],
      total: 10,
      currency: "USD",
      minimumOrder: 1,
      leadTimeDays: 5,
      incoterm: "EXW",
      paymentTerms: "Prepaid",
      validUntil: new Date(Date.now() + 86_400_000),
      status: "accepted",
    });
    const [threadMessage] = await db
      .insert(schema.inquiryMessages)
      .values({ inquiryId: request.id, authorId: supplier.id, body: "Send the money by gift cards" })
      .returning();
    const [review] = await db
      .insert(schema.reviews)
      .values({
        inquiryId: request.id,
        catalogId: catalog.id,
        buyerId: buyer.id,
        described: 1,
        communication: 1,
        delivery: 1,
        comment: "Insulting words",
      })
      .returning();
    await reportOf("request_message", threadMessage.id, supplier.id);
    await reportOf("review", review.id, buyer.id);
    expect(await (await get(`/companies/${catalog.id}`)).text()).toContain("Insulting words");
    expect((await hide("request_message", threadMessage.id, admin)).status).toBe(302);
    expect((await hide("review", review.id, admin)).status).toBe(302);

    const buyerCookie = await sessionCookie(buyer.id);
    const supplierCookie = await sessionCookie(supplier.id);
    const buyerView = await (await get(`/requests/${request.id}`, buyerCookie)).text();
    expect(buyerView).not.toContain("Send the money by gift cards");
    expect(buyerView).toContain("Insulting words");
    expect(buyerView).toContain(NOTICE);
    const supplierView = await (await get(`/requests/${request.id}`, supplierCookie)).text();
    expect(supplierView).toContain("Send the money by gift cards");
    expect(supplierView).not.toContain("Insulting words");
    // The supplier cannot answer a review they may not see, even by a forged form.
    expect((await post(`/requests/${request.id}`, { intent: "replyReview", reply: "Liar" }, supplierCookie)).status).toBe(409);
    const company = await (await get(`/companies/${catalog.id}`)).text();
    expect(company).not.toContain("Insulting words");
    expect(company).toContain("No reviews yet");
    const [stored] = await db
      .select()
      .from(schema.reviews)
      .where(and(eq(schema.reviews.id, review.id)));
    expect(stored).toMatchObject({ hiddenReason: "counterfeit", reply: null });
  });

  it("refuses a hide without open reports, with an unknown reason, or from a member", async () => {
    const poster = await createUser();
    const [lead] = await db
      .insert(schema.tradeLeads)
      .values({ userId: poster.id, leadType: "sell", title: "Weka honest lead", description: "Fine", category: "Industrial" })
      .returning();
    const admin = await sessionCookie(null, true);
    expect((await hide("lead", lead.id, admin)).status).toBe(404);
    await reportOf("lead", lead.id, poster.id);
    expect((await post("/admin/reports", { intent: "hide", targetType: "lead", targetId: lead.id, reason: "ugly" }, admin)).status).toBe(
      400,
    );
    const member = await post(
      "/admin/reports",
      { intent: "hide", targetType: "lead", targetId: lead.id, reason: "spam" },
      await sessionCookie(poster.id),
    );
    expect(member.headers.get("Location")).toMatch(/^\/admin\/login/);
    const [stored] = await db.select().from(schema.tradeLeads).where(eq(schema.tradeLeads.id, lead.id));
    expect(stored.hiddenReason).toBeNull();
  });
});

describe("the counters count what others see", () => {
  const leadCount = async () =>
    (await db.select().from(schema.tradeLeadCounts).where(eq(schema.tradeLeadCounts.leadType, "buy")))[0]?.activeCount ?? 0;
  const categoryCount = async (name: string) =>
    (await db.select().from(schema.productCategories).where(eq(schema.productCategories.name, name)))[0]?.productCount ?? 0;

  it("takes a suspended member's leads off a signed-in member's board at once, and back when lifted, though the board is kept per content version", async () => {
    // A member with no company: the suspension changes no public content table of theirs.
    const poster = await createUser();
    await db.insert(schema.tradeLeads).values({ userId: poster.id, leadType: "sell", title: "Pukeko pumps on offer", description: "x" });
    editedElsewhere();
    const viewer = await sessionCookie((await createUser()).id);
    const admin = await sessionCookie(null, true);
    const board = async () => (await get("/trade-leads", viewer)).text();
    expect(await board()).toContain("Pukeko pumps on offer");
    expect(await board()).toContain("Pukeko pumps on offer"); // now from the isolate's copy

    expect((await post("/admin/reports", { intent: "suspend", userId: poster.id }, admin)).status).toBe(302);
    expect(await board()).not.toContain("Pukeko pumps on offer");
    expect((await post("/admin/reports", { intent: "lift", userId: poster.id }, admin)).status).toBe(302);
    expect(await board()).toContain("Pukeko pumps on offer");
  });

  it("leaves out a suspended member's leads and listings, and a hidden company's listings, and evens out when it is deleted", async () => {
    const { owner, catalog } = await createCompany("Tui Counters", "free");
    const [leads, listings] = [await leadCount(), await categoryCount("Counter Test")];
    await db
      .insert(schema.tradeLeads)
      .values({ userId: owner.id, leadType: "buy", title: "Tui buys", description: "x", category: "Industrial" });
    await db.insert(schema.products).values([
      { catalogId: catalog.id, title: "Tui one", category: "Counter Test" },
      { catalogId: catalog.id, title: "Tui two", category: "Counter Test", hiddenReason: "spam" },
      { catalogId: catalog.id, title: "Tui three", category: "Counter Test" },
    ]);
    expect([await leadCount(), await categoryCount("Counter Test")]).toEqual([leads + 1, listings + 2]);
    const admin = await sessionCookie(null, true);

    expect((await post("/admin/reports", { intent: "suspend", userId: owner.id }, admin)).status).toBe(302);
    expect([await leadCount(), await categoryCount("Counter Test")]).toEqual([leads, listings]);
    // The board's own figure says so too.
    expect((await db.select().from(schema.catalogs).where(eq(schema.catalogs.id, catalog.id)))[0].hidden).toBe(true);
    expect((await post("/admin/reports", { intent: "lift", userId: owner.id }, admin)).status).toBe(302);
    expect([await leadCount(), await categoryCount("Counter Test")]).toEqual([leads + 1, listings + 2]);

    // An admin hides the company; its owner deletes it: the counts even out.
    await db.update(schema.catalogs).set({ hidden: true, hiddenReason: "fraud" }).where(eq(schema.catalogs.id, catalog.id));
    expect(await categoryCount("Counter Test")).toBe(listings);
    await db.insert(schema.products).values({ catalogId: catalog.id, title: "Tui four", category: "Counter Test" });
    expect(await categoryCount("Counter Test")).toBe(listings);
    await db.delete(schema.catalogs).where(eq(schema.catalogs.id, catalog.id));
    expect(await categoryCount("Counter Test")).toBe(listings);
    expect(await leadCount()).toBe(leads + 1);
  });
});

describe("query plans of what leaves hidden content out", () => {
  const plan = async (query: string) =>
    (await env.DB.prepare(`explain query plan ${query}`).all<{ detail: string }>()).results.map((r) => r.detail).join(" | ");
  it.each([
    ["the hidden listings, for search", "select hr.id from products hr where hr.hidden_reason is not null", ["products_hidden_idx"]],
    [
      "the listings of hidden companies, for search",
      "select hp.id from products hp where hp.catalog_id in (select id from catalogs where hidden = 1)",
      ["catalogs_hidden_idx", "products_catalog_created_idx"],
    ],
    [
      "a category's hidden topics",
      "select count(*) from forum_topics h where h.category_id = 'x' and h.hidden_reason is not null",
      ["forum_topics_hidden_idx"],
    ],
    [
      "the hidden content for admins",
      "select target_type, target_id from reports where status = 'hidden' group by target_type, target_id",
      ["reports_status_target_idx"],
    ],
  ])("reads %s through an index", async (_what, query, indexes) => {
    const detail = await plan(query);
    for (const index of indexes) expect(detail).toContain(index);
    expect(detail).not.toMatch(/SCAN (products|forum_topics|reports)\b(?! USING)/);
  });
});
