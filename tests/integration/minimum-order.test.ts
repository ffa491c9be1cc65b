// Issue 39, item 2 (ordering): the cart and Request Quote start at a listing's minimum order and
// refuse less; a line and a request are priced by their quantity's tier; the supplier's quote form
// starts from that tier and the MOQ; the buyer reads the listing's price beside the quote.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { unitPriceFor, unitPriceSql } from "~/lib/order-quantity";
import type { PriceTier } from "~/lib/trade-terms";
import { getOrCreateUserCartId } from "~/models/cart.server";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import { checkoutMessages, cookiesFrom, createCompany, createUser, db, get, loaderData, post, sessionCookie } from "../support/factories";

const TIERS: PriceTier[] = [
  { from: 500, price: 4.2 },
  { from: 1000, price: 3.9 },
  { from: 5000, price: 3.5 },
];
const MESSAGE = "The minimum order is 500 pieces.";

let supplier: { cookie: string; catalogId: string };
let cups: number;
let rolls: number;

beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
  const { owner, catalog } = await createCompany("Moq Cups Ltd");
  supplier = { cookie: await sessionCookie(owner.id), catalogId: catalog.id };
  const rows = await db
    .insert(schema.products)
    .values([
      {
        catalogId: catalog.id,
        title: "Paper cups",
        category: "Packaging",
        unit: "piece",
        moq: 500,
        priceTiers: TIERS,
        price: 3.5,
        priceMax: 4.2,
        currency: "USD",
      },
      { catalogId: catalog.id, title: "Cling film", category: "Packaging", unit: "roll", moq: 20, priceTiers: [], price: null },
    ])
    .returning({ id: schema.products.id });
  [cups, rolls] = rows.map((row) => row.id);
});

type CartData = {
  lines: { id: string; productId: number; quantity: number; price: number | null; belowMinimum: boolean }[];
  totals: { currency: string; total: number }[];
};

async function member() {
  const user = await createUser();
  return { user, cookie: await sessionCookie(user.id) };
}

const cartOf = (cookie: string) => loaderData<CartData>("/cart", "routes/cart", cookie);
const add = (cookie: string | undefined, productId: number, quantity?: string) =>
  post(
    "/cart",
    { intent: "add", productId: String(productId), redirectTo: `/product/${productId}`, ...(quantity ? { quantity } : {}) },
    cookie,
  );

describe("the cart holds a listing's minimum order", () => {
  it("refuses to add less than the MOQ, for a visitor (no guest cart made) and a member, with the MOQ and unit beside the field", async () => {
    const carts = (await db.select({ n: sql<number>`count(*)` }).from(schema.carts))[0].n;
    const visitor = await add(undefined, cups, "100");
    expect(visitor.status).toBe(400);
    expect(visitor.headers.getSetCookie().some((c) => c.startsWith("cart="))).toBe(false);
    const html = await visitor.text();
    expect(html).toContain(MESSAGE);
    // Without JavaScript the cart page shows the product's quantity field again, at the MOQ.
    expect(html).toMatch(/data-testid="refused-add"[\s\S]*name="quantity"[^>]*min="500"/);
    expect((await db.select({ n: sql<number>`count(*)` }).from(schema.carts))[0].n).toBe(carts);

    const { cookie } = await member();
    const refused = await add(cookie, cups, "499");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(MESSAGE);
    expect((await cartOf(cookie)).lines).toEqual([]);
  });

  it("adds at the MOQ, starts at the MOQ when no quantity is sent, and prices a line by its quantity's tier", async () => {
    const { cookie } = await member();
    expect((await add(cookie, cups, "500")).status).toBe(302);
    expect((await cartOf(cookie)).lines.map((l) => [l.quantity, l.price])).toEqual([[500, 4.2]]);
    expect((await add(cookie, cups)).status).toBe(302);
    const [line] = (await cartOf(cookie)).lines;
    expect([line.quantity, line.price]).toEqual([1000, 3.9]);
    expect((await cartOf(cookie)).totals).toEqual([{ currency: "USD", total: 3900 }]);
    expect((await add(cookie, rolls)).status).toBe(302);
    expect((await cartOf(cookie)).lines.map((l) => [l.productId, l.quantity, l.price])).toEqual([
      [cups, 1000, 3.9],
      [rolls, 20, null],
    ]);
  });

  it("refuses to set or step a line below the MOQ (400, message by the line, nothing written); at or above it, changes it", async () => {
    const { user, cookie } = await member();
    await add(cookie, cups, "600");
    const [line] = (await cartOf(cookie)).lines;
    const cartId = await getOrCreateUserCartId(db, user.id);
    const touched = async () => (await db.select().from(schema.carts).where(eq(schema.carts.id, cartId)).get())!.updatedAt;
    const updatedBefore = await touched();

    const set = await post("/cart", { intent: "set", lineId: line.id, quantity: "100" }, cookie);
    expect(set.status).toBe(400);
    const html = await set.text();
    expect(html).toContain(MESSAGE);
    expect(html).toMatch(new RegExp(`id="qty-${line.id}-error"[^>]*>${MESSAGE}`));
    expect((await cartOf(cookie)).lines[0].quantity).toBe(600);
    expect(await touched()).toEqual(updatedBefore);

    expect((await post("/cart", { intent: "set", lineId: line.id, quantity: "500" }, cookie)).status).toBe(302);
    const down = await post("/cart", { intent: "decrement", lineId: line.id }, cookie);
    expect(down.status).toBe(400);
    expect(await down.text()).toContain(MESSAGE);
    expect((await cartOf(cookie)).lines[0].quantity).toBe(500);
    expect((await post("/cart", { intent: "set", lineId: line.id, quantity: "1200" }, cookie)).status).toBe(302);
    expect((await cartOf(cookie)).lines[0]).toMatchObject({ quantity: 1200, price: 3.9 });
    // 0 still removes the line.
    expect((await post("/cart", { intent: "set", lineId: line.id, quantity: "0" }, cookie)).status).toBe(302);
    expect((await cartOf(cookie)).lines).toEqual([]);
  });

  it("holds the MOQ in a guest's cart too: 100 refused, 500 kept", async () => {
    const added = await add(undefined, cups, "500");
    expect(added.status).toBe(302);
    const cookie = cookiesFrom(added);
    const [line] = (await cartOf(cookie)).lines;
    expect(line.quantity).toBe(500);
    const refused = await post("/cart", { intent: "set", lineId: line.id, quantity: "100" }, cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(MESSAGE);
    expect((await cartOf(cookie)).lines[0].quantity).toBe(500);
  });

  it("shows a line from before the MOQ with the message, lifts it on a press, and refuses to check it out meanwhile", async () => {
    const { user, cookie } = await member();
    const cartId = await getOrCreateUserCartId(db, user.id);
    await db.insert(schema.cartItems).values({ cartId, productId: cups, quantity: 100 });
    const page = await (await get("/cart", cookie)).text();
    expect(page).toContain(MESSAGE);
    expect(page).toContain("Order 500 pieces");
    expect((await cartOf(cookie)).lines[0]).toMatchObject({ quantity: 100, belowMinimum: true, price: 4.2 });

    const before = (await db.select().from(schema.inquiries)).length;
    const checkout = await post("/cart", { intent: "checkout", ...(await checkoutMessages([cups], "Quote please")) }, cookie);
    expect(checkout.status).toBe(400);
    expect(await checkout.text()).toContain("Some items are below their supplier&#x27;s minimum order.");
    expect((await db.select().from(schema.inquiries)).length).toBe(before);
    expect((await cartOf(cookie)).lines[0].quantity).toBe(100);

    // The plus button lifts a line below the MOQ to it.
    const [line] = (await cartOf(cookie)).lines;
    expect((await post("/cart", { intent: "increment", lineId: line.id }, cookie)).status).toBe(302);
    expect((await cartOf(cookie)).lines[0].quantity).toBe(500);
    await post("/cart", { intent: "set", lineId: line.id, quantity: "1200" }, cookie);
    const sent = await post("/cart", { intent: "checkout", ...(await checkoutMessages([cups], "Quote please")) }, cookie);
    expect(sent.status).toBe(302);
    const [request] = await db.select().from(schema.inquiries).where(eq(schema.inquiries.userId, user.id));
    const [requestLine] = await db.select().from(schema.inquiryLines).where(eq(schema.inquiryLines.inquiryId, request.id));
    expect(requestLine).toMatchObject({ quantity: 1200, unitPrice: 3.9, currency: "USD" });
  });
});

describe("a request for quotation starts at the MOQ", () => {
  it("starts the quantity at the MOQ, with its unit, and the browser's least is the MOQ", async () => {
    const html = await (await get(`/request-quote/${cups}?type=request_quote`, (await member()).cookie)).text();
    expect(html).toMatch(/name="quantity"[^>]*value="500"|value="500"[^>]*name="quantity"/);
    expect(html).toMatch(/name="quantity"[^>]*min="500"|min="500"[^>]*name="quantity"/);
    expect(html).toContain("Minimum order: 500 pieces");
  });

  it("refuses a quotation for less than the MOQ, a member's and a visitor's, with the message by the field; nothing written", async () => {
    const before = (await db.select().from(schema.inquiries)).length;
    const asked = { message: "Price for 100?", quantity: "100" };
    const refused = await post(`/request-quote/${cups}?type=request_quote`, asked, (await member()).cookie);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toMatch(new RegExp(`role="alert"[^>]*>${MESSAGE}`));
    const visitor = await post(`/request-quote/${cups}`, { ...asked, name: "Vic", email: "vic@example.com" });
    expect(visitor.status).toBe(400);
    expect(await visitor.text()).toContain(MESSAGE);
    expect((await db.select().from(schema.inquiries)).length).toBe(before);
    expect(await db.select().from(schema.outbox).where(eq(schema.outbox.toEmail, "vic@example.com"))).toEqual([]);

    // Contact Supplier may ask about less (whether the supplier would make an exception).
    expect((await post(`/request-quote/${cups}?type=contact_supplier`, asked, (await member()).cookie)).status).toBe(302);
  });

  it("sends one at the MOQ, its line priced at the tier of its quantity", async () => {
    const { user, cookie } = await member();
    expect((await post(`/request-quote/${cups}`, { message: "Price for 500?", quantity: "500" }, cookie)).status).toBe(302);
    const [request] = await db.select().from(schema.inquiries).where(eq(schema.inquiries.userId, user.id));
    const [line] = await db.select().from(schema.inquiryLines).where(eq(schema.inquiryLines.inquiryId, request.id));
    expect(line).toMatchObject({ quantity: 500, unitPrice: 4.2 });
  });
});

describe("the quote starts from the listing, and the buyer compares against it", () => {
  it("starts the supplier's quote form at the tier price for 1,200 pieces, the listing's currency and its MOQ; the buyer reads the listing price and '8% below the listing'", async () => {
    const { user, cookie } = await member();
    await post(`/request-quote/${cups}`, { message: "Price for 1,200?", quantity: "1200" }, cookie);
    const [request] = await db.select().from(schema.inquiries).where(eq(schema.inquiries.userId, user.id));
    const form = await (await get(`/requests/${request.id}`, supplier.cookie)).text();
    const quoteForm = form.slice(form.indexOf('data-testid="quote-form"'));
    expect(quoteForm).toMatch(/name="unitPrices\[0\]"[^>]*value="3.9"|value="3.9"[^>]*name="unitPrices\[0\]"/);
    expect(quoteForm).toMatch(/name="minimumOrder"[^>]*value="500"|value="500"[^>]*name="minimumOrder"/);
    expect(quoteForm).toMatch(/<option value="USD" selected="">/);

    const quoted = await post(
      `/requests/${request.id}`,
      {
        intent: "quote",
        "unitPrices[0]": "3.59",
        currency: "USD",
        minimumOrder: "500",
        leadTimeDays: "20",
        incoterm: "FOB",
        paymentTerms: "T/T",
        validUntil: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      },
      supplier.cookie,
    );
    expect(quoted.status).toBe(302);
    for (const page of [`/requests`, `/requests/${request.id}`]) {
      const html = await (await get(page, cookie)).text();
      expect(html).toMatch(/data-testid="listed-price"[^>]*>\$3\.90</);
      expect(html).toMatch(/data-testid="quoted-price"[^>]*>\$3\.59/);
      expect(html).toContain("8% below the listing");
    }
  });

  it("says 'Price on request' beside a quote on a listing without a price", async () => {
    const { user, cookie } = await member();
    await post(`/request-quote/${rolls}`, { message: "Price for 40 rolls?", quantity: "40" }, cookie);
    const [request] = await db.select().from(schema.inquiries).where(eq(schema.inquiries.userId, user.id));
    const form = await (await get(`/requests/${request.id}`, supplier.cookie)).text();
    expect(form.slice(form.indexOf('data-testid="quote-form"'))).toMatch(
      /name="minimumOrder"[^>]*value="20"|value="20"[^>]*name="minimumOrder"/,
    );
    await post(
      `/requests/${request.id}`,
      {
        intent: "quote",
        "unitPrices[0]": "2",
        currency: "USD",
        minimumOrder: "20",
        leadTimeDays: "5",
        incoterm: "FOB",
        paymentTerms: "T/T",
        validUntil: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      },
      supplier.cookie,
    );
    const html = await (await get(`/requests/${request.id}`, cookie)).text();
    expect(html).toMatch(/data-testid="listed-price"[^>]*>Price on request</);
    expect(html).not.toContain("below the listing");
  });
});

describe("the tier rule, in TypeScript and in SQL", () => {
  it.each([100, 499, 500, 999, 1000, 1200, 4999, 5000, 90_000])("agrees for %i pieces", async (quantity) => {
    const row = await db.$client
      .prepare(`select ${unitPriceSql("?1")} as price from products p where p.id = ?2`)
      .bind(quantity, cups)
      .first<{ price: number }>();
    expect(row!.price).toBe(unitPriceFor(TIERS, quantity, 3.5));
  });
});
