import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { VISITOR_REQUESTS_PER_EMAIL } from "~/lib/constants";
import { makeToken } from "~/lib/tokens.server";
import { getOrCreateUserCartId } from "~/models/cart.server";
import * as schema from "../../../db/schema";
import { createCompany, db } from "../../support/factories";
import { FIXTURE_COMPANY_ID, type Fixture, type Role } from "../support";
import { everyone, members, type Expectation, type RouteRow } from "../types";

/** A line of the owner's cart (made if needed): only the owner may change it. */
async function ownerLine(fx: Fixture) {
  const cartId = await getOrCreateUserCartId(db, fx.users.owner.id);
  await db.insert(schema.cartItems).values({ cartId, productId: fx.product.id, quantity: 2 }).onConflictDoNothing();
  const line = await db.select().from(schema.cartItems).where(eq(schema.cartItems.cartId, cartId)).get();
  return { lineId: line!.id };
}

/** The role's own cart with one line, for clear and checkout (a visitor has none). */
async function ownCartWithLine(fx: Fixture, role: Role) {
  if (role === "visitor") return {};
  const cartId = await getOrCreateUserCartId(db, fx.users[role].id);
  await db.insert(schema.cartItems).values({ cartId, productId: fx.product.id, quantity: 1 }).onConflictDoNothing();
  return {};
}

const ownerOnly = (owner: Expectation): Record<Role, Expectation> => ({ ...everyone(404), owner });

const NO_TOKEN = "x".repeat(43);

/** A visitor's request about the fixture's product, waiting for the visitor: the token of its link. */
async function unconfirmedRequest(fx: Fixture) {
  const product = await db.select().from(schema.products).where(eq(schema.products.id, fx.product.id)).get();
  const { token, hash } = await makeToken();
  const id = crypto.randomUUID();
  await db.insert(schema.inquiries).values({
    id,
    groupId: id,
    name: "Vera Visitor",
    email: "vera@example.com",
    message: "Price for 10?",
    source: "request_quote",
    catalogId: product!.catalogId,
    confirmTokenHash: hash,
  });
  return { token };
}

/** An e-mail address that has sent all the visitors' requests it may this hour. */
async function spentEmail() {
  const email = "spent@example.com";
  await db
    .insert(schema.rateLimits)
    .values({ key: `visitor-requests-email:${email}`, count: VISITOR_REQUESTS_PER_EMAIL, windowEndsAt: new Date(Date.now() + 3_600_000) })
    .onConflictDoUpdate({ target: schema.rateLimits.key, set: { count: VISITOR_REQUESTS_PER_EMAIL } });
  return { email };
}

/** A listing of another company with a minimum order of 500 pieces (made once). */
async function moqProduct() {
  const title = "MOQ 500 cups";
  const found = await db.select().from(schema.products).where(eq(schema.products.title, title)).get();
  if (found) return found;
  const { catalog } = await createCompany("MOQ Cups Co");
  const [product] = await db
    .insert(schema.products)
    .values({ catalogId: catalog.id, title, category: "Packaging", moq: 500, priceTiers: [{ from: 500, price: 4.2 }], price: 4.2 })
    .returning();
  return product;
}

/** A line of the owner's cart with 600 of the MOQ listing: only the owner may change it, and not below 500. */
async function ownerMoqLine(fx: Fixture) {
  const product = await moqProduct();
  const cartId = await getOrCreateUserCartId(db, fx.users.owner.id);
  await db.insert(schema.cartItems).values({ cartId, productId: product.id, quantity: 600 }).onConflictDoNothing();
  const line = await db
    .select()
    .from(schema.cartItems)
    .where(and(eq(schema.cartItems.cartId, cartId), eq(schema.cartItems.productId, product.id)))
    .get();
  return { lineId: line!.id };
}

/** The role's own cart with a line below its listing's MOQ (from before the listing had one): checkout refuses it. */
async function ownCartBelowMoq(fx: Fixture, role: Role) {
  const product = await moqProduct();
  if (role === "visitor") return { catalogId: product.catalogId! };
  const cartId = await getOrCreateUserCartId(db, fx.users[role].id);
  await db
    .insert(schema.cartItems)
    .values({ cartId, productId: product.id, quantity: 100 })
    .onConflictDoUpdate({ target: [schema.cartItems.cartId, schema.cartItems.productId], set: { quantity: 100 } });
  return { catalogId: product.catalogId! };
}

export const rows: RouteRow[] = [
  { file: "cart.tsx", name: "the cart", path: "/cart", expect: everyone(200) },
  {
    file: "cart.tsx",
    name: "add a product",
    method: "POST",
    path: "/cart",
    form: ({ fx }) => ({ intent: "add", productId: String(fx.product.id), redirectTo: "/cart" }),
    expect: everyone({ status: 302, location: "/cart" }),
  },
  {
    file: "cart.tsx",
    name: "add an unknown product (finding 8: no guest cart either)",
    method: "POST",
    path: "/cart",
    form: { intent: "add", productId: "987654321" },
    expect: everyone(404),
  },
  ...(["increment", "decrement", "remove"] as const).map((intent): RouteRow => ({
    file: "cart.tsx",
    name: `${intent} the owner's line`,
    method: "POST",
    path: "/cart",
    prepare: ownerLine,
    form: ({ values }) => ({ intent, lineId: values.lineId }),
    expect: ownerOnly({ status: 302, location: "/cart" }),
  })),
  {
    file: "cart.tsx",
    name: "set the owner's line quantity",
    method: "POST",
    path: "/cart",
    prepare: ownerLine,
    form: ({ values }) => ({ intent: "set", lineId: values.lineId, quantity: "7" }),
    expect: ownerOnly({ status: 302, location: "/cart" }),
  },
  {
    file: "cart.tsx",
    name: "clear one's own cart",
    method: "POST",
    path: "/cart",
    prepare: ownCartWithLine,
    form: { intent: "clear" },
    expect: members({ status: 302, location: "/cart" }, 404),
  },
  {
    file: "cart.tsx",
    name: "check out one's own cart",
    method: "POST",
    path: "/cart",
    prepare: ownCartWithLine,
    form: { intent: "checkout", [`messages.${FIXTURE_COMPANY_ID}`]: "Please quote", name: "Guest", email: "guest@example.com" },
    expect: members({ status: 302, location: /^\/requests\/sent\?ref=RFQ-/ }, 404),
  },
  {
    file: "cart.tsx",
    name: "add less than a listing's minimum order (no guest cart either)",
    method: "POST",
    path: "/cart",
    prepare: async () => ({ productId: String((await moqProduct()).id) }),
    form: ({ values }) => ({ intent: "add", productId: values.productId, quantity: "100" }),
    expect: everyone(400),
  },
  {
    file: "cart.tsx",
    name: "set the owner's line below its listing's minimum order",
    method: "POST",
    path: "/cart",
    prepare: ownerMoqLine,
    form: ({ values }) => ({ intent: "set", lineId: values.lineId, quantity: "100" }),
    expect: ownerOnly(400),
  },
  {
    file: "cart.tsx",
    name: "check out one's own cart with a line below its listing's minimum order",
    method: "POST",
    path: "/cart",
    prepare: ownCartBelowMoq,
    form: ({ values }) => ({
      intent: "checkout",
      [`messages.${FIXTURE_COMPANY_ID}`]: "Please quote",
      [`messages.${values.catalogId}`]: "Please quote",
      name: "Guest",
      email: "guest@example.com",
    }),
    expect: members(400, 404),
  },
  {
    file: "request-quote.$productId.tsx",
    name: "the request form",
    path: ({ fx }) => `/request-quote/${fx.product.id}`,
    expect: everyone(200),
  },
  { file: "request-quote.$productId.tsx", name: "an unknown product", path: "/request-quote/987654321", expect: everyone(404) },
  {
    file: "request-quote.$productId.tsx",
    name: "send a request",
    method: "POST",
    path: ({ fx }) => `/request-quote/${fx.product.id}`,
    form: { message: "Price for 10?", quantity: "10", name: "Guest", email: "guest@example.com" },
    expect: everyone({ status: 302, location: /^\/requests\/sent\?ref=RFQ-/ }),
  },
  {
    file: "request-quote.$productId.tsx",
    name: "send a request with an e-mail past the visitors' limit (members are not limited)",
    method: "POST",
    path: ({ fx }) => `/request-quote/${fx.product.id}`,
    prepare: spentEmail,
    form: ({ values }) => ({ message: "Price for 10?", quantity: "10", name: "Guest", email: values.email }),
    expect: members({ status: 302, location: /^\/requests\/sent\?ref=RFQ-[0-9A-F]{8}&suppliers=1$/ }, 429),
    mayWrite: ["rate_limits"],
  },
  {
    file: "request-quote.$productId.tsx",
    name: "ask a quotation for less than the listing's minimum order (a visitor's try still counts)",
    method: "POST",
    path: ({ values }) => `/request-quote/${values.productId}`,
    prepare: async () => ({ productId: String((await moqProduct()).id) }),
    form: { message: "Price for 100?", quantity: "100", name: "Guest", email: "guest@example.com" },
    expect: everyone(400),
    mayWrite: ["rate_limits"],
  },
  {
    file: "request-quote.$productId.tsx",
    name: "a request about an unknown product (a visitor's try still counts)",
    method: "POST",
    path: "/request-quote/987654321",
    form: { message: "Price for 10?", quantity: "10", name: "Guest", email: "guest@example.com" },
    expect: everyone(404),
    mayWrite: ["rate_limits"],
  },
  {
    file: "requests._index.tsx",
    name: "My Requests shows only one's own",
    path: "/requests",
    prepare: async (fx) => {
      const message = "owner-request-message";
      const exists = await db.select().from(schema.inquiries).where(eq(schema.inquiries.message, message)).get();
      if (!exists) await db.insert(schema.inquiries).values({ userId: fx.users.owner.id, message, source: "request_quote" });
      return { message };
    },
    expect: members(200, "signin"),
    check: ({ role, body, values }) => {
      if (role === "owner") expect(body).toContain(values.message);
      else expect(body).not.toContain(values.message);
    },
  },
  { file: "requests.sent.tsx", name: "the confirmation", path: "/requests/sent?ref=RFQ-0123ABCD", expect: everyone(200) },
  {
    file: "requests.sent.tsx",
    name: "a visitor's request waiting for its e-mail's link",
    path: "/requests/sent?ref=RFQ-0123ABCD&confirm=email",
    expect: everyone(200),
  },
  {
    file: "requests.confirm.tsx",
    name: "the page a visitor's confirmation link opens (one button)",
    path: `/requests/confirm?token=${NO_TOKEN}`,
    expect: everyone(200),
  },
  {
    file: "requests.confirm.tsx",
    name: "confirm with a token nobody was sent",
    method: "POST",
    path: "/requests/confirm",
    form: { token: NO_TOKEN },
    expect: everyone(410),
  },
  {
    file: "requests.confirm.tsx",
    name: "confirm a visitor's request: whoever holds the e-mailed link",
    method: "POST",
    path: "/requests/confirm",
    prepare: unconfirmedRequest,
    form: ({ values }) => ({ token: values.token }),
    expect: everyone({ status: 302, location: /^\/requests\/sent\?ref=RFQ-[0-9A-F]{8}&suppliers=1$/ }),
  },
];
