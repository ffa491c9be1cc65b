// Notifications of the request loop: the bell's count, /notifications, and the e-mails sent at once
// to a supplier for a new request and to a buyer for a quote, each in the recipient's language.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getOrCreateUserCartId } from "~/models/cart.server";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import { checkoutMessages, createCompany, createUser, db, get, post, sessionCookie } from "../support/factories";
import { SITE } from "../support/mail";

beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
});

async function supplier(name: string, language = "en") {
  const { owner, catalog } = await createCompany(name, "free");
  await db.update(schema.profiles).set({ language }).where(eq(schema.profiles.id, owner.id));
  const [product] = await db
    .insert(schema.products)
    .values({ catalogId: catalog.id, title: `${name} valve`, category: "Industrial", price: 4 })
    .returning();
  return { owner, catalog, product, cookie: await sessionCookie(owner.id) };
}
const notificationsOf = (userId: string) => db.select().from(schema.notifications).where(eq(schema.notifications.userId, userId));
const mailTo = (userId: string) => db.select().from(schema.outbox).where(eq(schema.outbox.userId, userId));
const quoteForm = {
  intent: "quote",
  "unitPrices[0]": "3.5",
  currency: "USD",
  minimumOrder: "10",
  leadTimeDays: "7",
  incoterm: "EXW",
  paymentTerms: "Prepaid",
  validUntil: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
};

describe("notifications of the request loop", () => {
  it("tells the supplier of a new request (bell and e-mail at once, in their language) and the buyer of the quote", async () => {
    const s = await supplier("Bell Valves", "es");
    const buyer = await createUser();
    const buyerCookie = await sessionCookie(buyer.id);
    await post(`/request-quote/${s.product.id}`, { quantity: "20", message: "Price for 20?" }, buyerCookie);
    const [request] = await db.select().from(schema.inquiries).where(eq(schema.inquiries.userId, buyer.id));
    const reference = `RFQ-${request.groupId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;

    const [told] = await notificationsOf(s.owner.id);
    expect(told).toMatchObject({ kind: "request_received", data: { reference }, link: `/requests/${request.id}`, readAt: null });
    const [mail] = await mailTo(s.owner.id);
    expect(mail).toMatchObject({ kind: "request_received", language: "es", subject: "Nueva solicitud de cotización", status: "sent" });
    // The e-mail leads to the request itself, and carries its one-click unsubscribe.
    expect(mail.text).toContain(`${SITE}/requests/${request.id}`);
    expect(mail).toMatchObject({
      unsubscribeTopic: "notification:request_received",
      unsubscribeUrl: `${SITE}/unsubscribe?token=%TOKEN%`,
    });
    const page = await (await get("/", s.cookie)).text();
    expect(page).toMatch(/data-testid="bell-count"[^>]*>1</);
    const list = await (await get("/notifications", s.cookie)).text();
    expect(list).toContain(`New request for quotation ${reference}`);

    expect((await post(`/requests/${request.id}`, quoteForm, s.cookie)).status).toBe(302);
    const [quoted] = await notificationsOf(buyer.id);
    expect(quoted).toMatchObject({ kind: "quote_received", link: `/requests/${request.id}` });
    expect(await mailTo(buyer.id)).toEqual([
      expect.objectContaining({ kind: "quote_received", language: "en", subject: "Bell Valves sent you a quote: $70.00" }),
    ]);

    // A thread message tells the other side, and nobody else.
    await post(`/requests/${request.id}`, { intent: "message", body: "Thanks!" }, buyerCookie);
    expect((await notificationsOf(s.owner.id)).map((n) => n.kind).sort()).toEqual(["request_message", "request_received"]);
    expect((await notificationsOf(buyer.id)).map((n) => n.kind)).toEqual(["quote_received"]);

    // Mark all as read: the bell goes quiet.
    expect((await post("/notifications", { intent: "markAllRead" }, s.cookie)).status).toBe(302);
    expect((await notificationsOf(s.owner.id)).every((n) => n.readAt !== null)).toBe(true);
    expect(await (await get("/", s.cookie)).text()).not.toContain('data-testid="bell-count"');
  });

  it("tells each supplier of a cart of theirs, and nobody of a refused quote", async () => {
    const a = await supplier("Cart Bell A");
    const b = await supplier("Cart Bell B", "ja");
    const buyer = await createUser();
    const cartId = await getOrCreateUserCartId(db, buyer.id);
    await db.insert(schema.cartItems).values([
      { cartId, productId: a.product.id, quantity: 1 },
      { cartId, productId: b.product.id, quantity: 2 },
    ]);
    await post(
      "/cart",
      { intent: "checkout", ...(await checkoutMessages([a.product.id, b.product.id], "Both please")) },
      await sessionCookie(buyer.id),
    );
    expect((await notificationsOf(a.owner.id)).map((n) => n.kind)).toEqual(["request_received"]);
    expect((await notificationsOf(b.owner.id)).map((n) => n.kind)).toEqual(["request_received"]);
    expect((await mailTo(b.owner.id))[0]).toMatchObject({ language: "ja", subject: "新しい見積依頼" });

    // Supplier A quotes B's request: refused, nobody told.
    const toB = (await db.select().from(schema.inquiries).where(eq(schema.inquiries.supplierId, b.owner.id)))[0];
    expect((await post(`/requests/${toB.id}`, quoteForm, a.cookie)).status).toBe(404);
    expect(await notificationsOf(buyer.id)).toEqual([]);
  });

  it("tells the chosen supplier and the others of a buy request's decision", async () => {
    const first = await supplier("Lead Bell A");
    const second = await supplier("Lead Bell B");
    const buyer = await createUser();
    const [lead] = await db
      .insert(schema.tradeLeads)
      .values({
        userId: buyer.id,
        leadType: "buy",
        title: "Valves wanted",
        description: "100 valves",
        category: "Industrial",
        quantity: "100",
      })
      .returning();
    const { intent: _intent, ...leadQuote } = { ...quoteForm, quantity: "100" };
    for (const s of [first, second]) expect((await post(`/trade-leads/${lead.id}/quote`, leadQuote, s.cookie)).status).toBe(302);
    expect((await notificationsOf(buyer.id)).map((n) => n.kind)).toEqual(["quote_received", "quote_received"]);
    const quotes = await db.select().from(schema.quotes);
    const mine = (await db.select().from(schema.inquiries).where(eq(schema.inquiries.supplierId, first.owner.id)))[0];
    const chosen = quotes.find((q) => q.inquiryId === mine.id)!;
    await post(`/requests/${mine.id}`, { intent: "accept", quoteId: chosen.id }, await sessionCookie(buyer.id));
    expect((await notificationsOf(first.owner.id)).map((n) => n.kind)).toEqual(["quote_accepted"]);
    expect((await notificationsOf(second.owner.id)).map((n) => n.kind)).toEqual(["quote_not_chosen"]);
  });

  it("shows a member only their own notifications, and a visitor none", async () => {
    const s = await supplier("Private Bell");
    const buyer = await createUser();
    await post(`/request-quote/${s.product.id}`, { quantity: "1", message: "Secret question" }, await sessionCookie(buyer.id));
    const other = await sessionCookie((await createUser()).id);
    expect(await (await get("/notifications", other)).text()).toContain("Nothing new yet");
    expect((await get("/notifications")).headers.get("Location")).toMatch(/^\/auth/);
    await post("/notifications", { intent: "markAllRead" }, other);
    expect((await notificationsOf(s.owner.id))[0].readAt).toBeNull();
  });
});

describe("notifications of private messages and forum replies", () => {
  it("tells the recipient of a private message, and a topic's author of a reply by someone else", async () => {
    const sender = await createUser({ plan: "premium" });
    const receiver = await createUser({ plan: "professional" });
    const sent = await post(
      "/messages/new",
      { recipientId: receiver.id, subject: "Samples", content: "Could you send samples?" },
      await sessionCookie(sender.id),
    );
    expect(sent.status).toBe(302);
    const [told] = await notificationsOf(receiver.id);
    expect(told.kind).toBe("private_message");
    expect(told.link).toMatch(/^\/messages\//);
    expect(await notificationsOf(sender.id)).toEqual([]);

    const [category] = await db.insert(schema.forumCategories).values({ name: "Sourcing", description: "x" }).returning();
    const [topic] = await db
      .insert(schema.forumTopics)
      .values({ categoryId: category.id, userId: receiver.id, title: "Cocoa", content: "Who sells cocoa?" })
      .returning();
    const replied = await post(`/forum/topic/${topic.id}`, { intent: "reply", content: "We do." }, await sessionCookie(sender.id));
    expect(replied.status).toBeLessThan(400);
    expect((await notificationsOf(receiver.id)).map((n) => n.kind).sort()).toEqual(["forum_reply", "private_message"]);
    // Their own reply tells nobody.
    await post(`/forum/topic/${topic.id}`, { intent: "reply", content: "Thanks." }, await sessionCookie(receiver.id));
    expect(await notificationsOf(receiver.id)).toHaveLength(2);
    expect(await (await get("/notifications", await sessionCookie(receiver.id))).text()).toContain("Someone replied to your forum topic");
  });
});
