import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CART_MAX_LINES } from "~/lib/constants";
import * as schema from "../../db/schema";
import {
  checkoutMessages,
  cookiesFrom,
  createUser,
  db,
  get,
  PASSWORD,
  post,
  sessionCookie,
  loaderData,
  withCompany,
} from "../support/factories";

beforeAll(async () => {
  await db.insert(schema.products).values(
    await withCompany([
      { id: 1, title: "Steel Pipes", category: "Industrial", price: 10, currency: "USD", companyName: "Pipe Co" },
      { id: 2, title: "Silk Scarves", category: "Fashion", price: 4.5, currency: "EUR" },
      { id: 3, title: "Basmati Rice", category: "Agriculture", price: null, currency: "USD" },
      { id: 4, title: "Doomed Lamp", category: "Electronics", price: 1, currency: "USD" },
    ]),
  );
});

/** A guest session in the browser: cookies carried from response to request. */
function guest() {
  let cookies = "";
  const keep = (response: Response) => {
    const fresh = cookiesFrom(response);
    if (fresh) cookies = mergeCookies(cookies, fresh);
    return response;
  };
  return {
    cookie: () => cookies,
    add: async (productId: number) =>
      keep(await post("/cart", { intent: "add", productId: String(productId), redirectTo: `/product/${productId}` }, cookies)),
    act: async (fields: Record<string, string>) => keep(await post("/cart", fields, cookies)),
    cart: () => loaderData<CartData>("/cart", "routes/cart", cookies),
    page: async () => keep(await get("/cart", cookies)).text(),
  };
}

type CartData = {
  lines: { id: string; productId: number; quantity: number }[];
  totals: { currency: string; total: number }[];
  vanished: number;
};

function mergeCookies(a: string, b: string) {
  const jar = new Map<string, string>();
  for (const pair of [...a.split("; "), ...b.split("; ")].filter(Boolean)) jar.set(pair.split("=")[0], pair);
  return [...jar.values()].filter((pair) => !pair.endsWith("=")).join("; ");
}

describe("the cart", () => {
  it("adds with a toast, raises a product already there, and counts items in the badge", async () => {
    const visitor = guest();
    const added = await visitor.add(1);
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/product/1");
    expect(visitor.cookie()).toMatch(/cart=/);
    const page = await (await get("/product/1", visitor.cookie())).text();
    expect(page).toContain("Added to cart");
    expect(page).toContain("Steel Pipes has been added to your cart.");
    await visitor.add(1);
    await visitor.add(2);
    const cart = await visitor.cart();
    expect(cart.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(await visitor.page()).toContain(
      'data-testid="cart-badge" class="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white">3<',
    );
  });

  it("keeps one total per currency", async () => {
    const visitor = guest();
    await visitor.add(1);
    await visitor.add(1);
    await visitor.add(2);
    await visitor.add(3);
    expect((await visitor.cart()).totals).toEqual([
      { currency: "USD", total: 20 },
      { currency: "EUR", total: 4.5 },
    ]);
  });

  it("shows 'Price on request' for a line without a price and keeps it out of the totals", async () => {
    const visitor = guest();
    await visitor.add(3);
    expect((await visitor.cart()).totals).toEqual([]);
    const alone = await visitor.page();
    expect(alone).toContain("Price on request");
    expect(alone).not.toMatch(/\$0\.00/);
    await visitor.add(1);
    const mixed = await visitor.page();
    expect((await visitor.cart()).totals).toEqual([{ currency: "USD", total: 10 }]);
    expect(mixed).toContain("Products with a price on request are not in the total.");
    // In Chinese too: no "CN¥0.00" or "US$0.00" for the rice.
    expect(await (await get("/cart?lng=zh", visitor.cookie())).text()).not.toMatch(/[¥$]0\.00/);
  });

  it.each([
    ["7", 7],
    ["abc", 1],
    ["2.9", 2],
    ["0", null],
    ["-3", null],
  ] as const)("sets a typed quantity %j to %j (null removes)", async (typed, expected) => {
    const visitor = guest();
    await visitor.add(1);
    const [line] = (await visitor.cart()).lines;
    await visitor.act({ intent: "set", lineId: line.id, quantity: typed });
    const after = (await visitor.cart()).lines;
    expect(after[0]?.quantity ?? null).toBe(expected);
  });

  it("caps a huge quantity with a message, and the minus button stops at 1", async () => {
    const visitor = guest();
    await visitor.add(1);
    const [line] = (await visitor.cart()).lines;
    const capped = await visitor.act({ intent: "set", lineId: line.id, quantity: "5000000" });
    expect(await (await get(capped.headers.get("Location")!, visitor.cookie())).text()).toContain("at most 1,000,000 units");
    expect((await visitor.cart()).lines[0].quantity).toBe(1_000_000);
    await visitor.act({ intent: "set", lineId: line.id, quantity: "2" });
    await visitor.act({ intent: "decrement", lineId: line.id });
    await visitor.act({ intent: "decrement", lineId: line.id });
    expect((await visitor.cart()).lines[0].quantity).toBe(1);
    await visitor.act({ intent: "increment", lineId: line.id });
    expect((await visitor.cart()).lines[0].quantity).toBe(2);
    await visitor.act({ intent: "remove", lineId: line.id });
    expect((await visitor.cart()).lines).toEqual([]);
  });

  it("clears, and shows the empty state", async () => {
    const visitor = guest();
    await visitor.add(1);
    await visitor.add(2);
    await visitor.act({ intent: "clear" });
    const html = await visitor.page();
    expect(html).toContain("Your Cart is Empty");
    expect(html).toContain("Browse Products");
  });

  it("changes nothing when given a line of someone else's cart", async () => {
    const [alice, mallory] = [guest(), guest()];
    await alice.add(1);
    await mallory.add(2);
    const [aliceLine] = (await alice.cart()).lines;
    for (const intent of ["set", "remove", "increment", "decrement"]) {
      const response = await mallory.act({ intent, lineId: aliceLine.id, quantity: "0" });
      expect(response.status).toBe(404);
    }
    expect((await alice.cart()).lines).toEqual([aliceLine]);
  });

  it("drops lines whose product has vanished, with a notice", async () => {
    const visitor = guest();
    await visitor.add(4);
    await visitor.add(1);
    await db.delete(schema.products).where(eq(schema.products.id, 4));
    const html = await visitor.page();
    expect(html).toContain("1 item is no longer available and was removed from your cart.");
    expect((await visitor.cart()).lines.map((l) => l.productId)).toEqual([1]);
  });

  it("refuses a line past the maximum number of lines", async () => {
    await db.insert(schema.products).values(await withCompany([{ id: 50, title: "Only in the full cart", category: "Other" }]));
    const visitor = guest();
    await visitor.add(50);
    const [{ cartId }] = await db
      .select({ cartId: schema.cartItems.cartId })
      .from(schema.cartItems)
      .where(eq(schema.cartItems.productId, 50));
    const filler = Array.from({ length: CART_MAX_LINES - 1 }, (_, i) => ({ cartId, productId: 100_000 + i }));
    for (let i = 0; i < filler.length; i += 20) await db.insert(schema.cartItems).values(filler.slice(i, i + 20));
    const refused = await visitor.add(2);
    expect(await (await get(refused.headers.get("Location")!, visitor.cookie())).text()).toContain("at most 1,000 different products");
  });

  it("merges the guest cart into the member's at sign-in, adding quantities", async () => {
    const user = await createUser();
    const member = await sessionCookie(user.id);
    await post("/cart", { intent: "add", productId: "1" }, member);
    const visitor = guest();
    await visitor.add(1);
    await visitor.add(1);
    await visitor.add(2);
    const signedIn = await post("/auth", { intent: "signin", email: user.email, password: PASSWORD }, visitor.cookie());
    expect(signedIn.headers.getSetCookie().some((c) => /^cart=;/.test(c))).toBe(true);
    const cart = await loaderData<CartData>("/cart", "routes/cart", cookiesFrom(signedIn));
    expect(cart.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [1, 3],
      [2, 1],
    ]);
    expect(await db.select().from(schema.carts).where(eq(schema.carts.userId, user.id))).toHaveLength(1);
  });
});

describe("requests for quotation", () => {
  it("checks out the cart into one request with its lines and empties the cart", async () => {
    const user = await createUser();
    const member = await sessionCookie(user.id);
    await post("/cart", { intent: "add", productId: "1" }, member);
    await post("/cart", { intent: "add", productId: "1" }, member);
    await post("/cart", { intent: "add", productId: "2" }, member);
    const missing = await post("/cart", { intent: "checkout", ...(await checkoutMessages([1, 2], "")) }, member);
    expect(missing.status).toBe(400);
    expect(await db.select().from(schema.inquiries).where(eq(schema.inquiries.userId, user.id))).toHaveLength(0);

    const done = await post("/cart", { intent: "checkout", ...(await checkoutMessages([1, 2], "Please quote CIF Rotterdam")) }, member);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toMatch(/^\/requests\/sent\?ref=RFQ-[0-9A-F]{8}&suppliers=1$/);
    const [inquiry] = await db.select().from(schema.inquiries).where(eq(schema.inquiries.userId, user.id));
    expect(inquiry).toMatchObject({ source: "checkout", status: "new", message: "Please quote CIF Rotterdam", email: user.email });
    const lines = await db.select().from(schema.inquiryLines).where(eq(schema.inquiryLines.inquiryId, inquiry.id));
    expect(lines.map((l) => [l.productId, l.quantity, l.unitPrice, l.currency]).sort()).toEqual([
      [1, 2, 10, "USD"],
      [2, 1, 4.5, "EUR"],
    ]);
    expect((await loaderData<CartData>("/cart", "routes/cart", member)).lines).toEqual([]);
    expect(await (await get("/requests", member)).text()).toContain("Cart checkout");
  });

  it("writes no request for an empty cart", async () => {
    const member = await sessionCookie((await createUser()).id);
    await post("/cart", { intent: "add", productId: "2" }, member);
    await post("/cart", { intent: "clear" }, member);
    const before = (await db.select().from(schema.inquiries)).length;
    const response = await post("/cart", { intent: "checkout", ...(await checkoutMessages([2], "Anything?")) }, member);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Your Cart is Empty");
    // Why, though the checkout form is gone with the last line (JavaScript off renders the page again).
    expect(html).toMatch(/role="alert"[^>]*><p>Your cart is empty, so there is nothing to request\.<\/p>/);
    expect((await db.select().from(schema.inquiries)).length).toBe(before);
  });

  it("asks a guest for name and e-mail, and sends a product request", async () => {
    const incomplete = await post("/request-quote/1?type=request_quote", { message: "Need 500 m", quantity: "500" });
    expect(incomplete.status).toBe(400);
    const badQuantity = await post("/request-quote/1", { name: "Gus", email: "gus@example.com", message: "Hi", quantity: "-2" });
    expect(await badQuantity.text()).toContain("Please enter a positive whole number");
    const sent = await post("/request-quote/1?type=contact_supplier", {
      name: "Gus",
      email: "GUS@example.com",
      message: "Do you ship to Kenya?",
      quantity: "500",
    });
    expect(sent.status).toBe(302);
    const inquiry = await db.select().from(schema.inquiries).where(eq(schema.inquiries.email, "gus@example.com")).get();
    expect(inquiry).toMatchObject({ source: "contact_supplier", userId: null, name: "Gus" });
    const [line] = await db.select().from(schema.inquiryLines).where(eq(schema.inquiryLines.inquiryId, inquiry!.id));
    expect(line).toMatchObject({ productId: 1, title: "Steel Pipes", quantity: 500 });
    expect((await post("/request-quote/999", { name: "Gus", email: "gus@example.com", message: "x", quantity: "1" })).status).toBe(404);
  });

  it("lists only the member's own requests, with their status", async () => {
    const [owner, other] = await Promise.all([createUser(), createUser()]);
    await post("/request-quote/2", { message: "Owner asks about silk", quantity: "10" }, await sessionCookie(owner.id));
    await post("/request-quote/2", { message: "Other asks about silk", quantity: "10" }, await sessionCookie(other.id));
    const html = await (await get("/requests", await sessionCookie(owner.id))).text();
    expect(html).toContain("Owner asks about silk");
    expect(html).not.toContain("Other asks about silk");
    expect(html).toContain(">New<");
    expect((await get("/requests")).headers.get("Location")).toBe("/auth?redirectTo=%2Frequests");
  });
});

describe("the contact form", () => {
  const message = { email: "buyer@example.com", name: "Bea Buyer", message: "Do you have a catalog in Spanish?" };

  it("requires e-mail, name and message with the spec's sentence", async () => {
    const response = await post("/contact", { email: "", name: "", message: "" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please fill in all required fields (Email, Name, and Message).");
    expect(await db.select().from(schema.contactMessages)).toHaveLength(0);
  });

  it("stores the message with buyer as the default activity and thanks the sender", async () => {
    const response = await post("/contact", { ...message, companyName: "Bea SA", country: "Spain" });
    expect(response.status).toBe(302);
    const page = await (await get("/contact", cookiesFrom(response))).text();
    expect(page).toContain("Message Sent!");
    expect(page).toContain("Thank you for contacting us. We&#x27;ll get back to you soon.");
    const [stored] = await db.select().from(schema.contactMessages).where(eq(schema.contactMessages.name, "Bea Buyer"));
    expect(stored).toMatchObject({ businessActivity: "buyer", companyName: "Bea SA", country: "Spain" });
    expect((await get("/admin/messages", await sessionCookie(null, true))).status).toBe(200);
    expect(await (await get("/admin/messages", await sessionCookie(null, true))).text()).toContain("Do you have a catalog in Spanish?");
  });

  it("turns away a filled honeypot and rate-limits per client", async () => {
    expect((await post("/contact", { ...message, website: "x" })).status).toBe(400);
    const ip = { "CF-Connecting-IP": "198.51.100.7" };
    for (let i = 0; i < 5; i++) expect((await post("/contact", message, undefined, ip)).status).toBe(302);
    const limited = await post("/contact", message, undefined, ip);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Please wait an hour");
  });
});
