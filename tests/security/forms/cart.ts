import { eq } from "drizzle-orm";
import { getOrCreateUserCartId } from "~/models/cart.server";
import * as schema from "../../../db/schema";
import { db } from "../../support/factories";
import { FIXTURE_COMPANY_ID, type Fixture } from "../support";
import type { FormEntry } from "../types";

/** The checkout's message box for the fixture product's company. */
const CHECKOUT_BOX = `messages.${FIXTURE_COMPANY_ID}`;

/** A line in the owner's cart, for the line forms. */
async function ownerLine(fx: Fixture) {
  const cartId = await getOrCreateUserCartId(db, fx.users.owner.id);
  await db.insert(schema.cartItems).values({ cartId, productId: fx.product.id, quantity: 2 }).onConflictDoNothing();
  const line = await db.select().from(schema.cartItems).where(eq(schema.cartItems.cartId, cartId)).get();
  return { lineId: line!.id };
}

export const forms: FormEntry[] = [
  {
    file: "cart.tsx",
    name: "add to cart",
    role: "visitor",
    path: "/cart",
    valid: ({ fx }) => ({ intent: "add", productId: String(fx.product.id), quantity: "1", redirectTo: "/products" }),
    required: ["intent", "productId"],
    texts: [],
    numbers: ["productId"],
  },
  ...(["increment", "decrement", "remove"] as const).map((intent): FormEntry => ({
    file: "cart.tsx",
    name: `${intent} a line`,
    role: "owner",
    path: "/cart",
    prepare: ownerLine,
    valid: ({ values }) => ({ intent, lineId: values.lineId }),
    required: ["intent", "lineId"],
    texts: [],
  })),
  {
    file: "cart.tsx",
    name: "set a line's quantity",
    role: "owner",
    path: "/cart",
    prepare: ownerLine,
    valid: ({ values }) => ({ intent: "set", lineId: values.lineId, quantity: "3" }),
    required: ["intent", "lineId"],
    texts: [],
  },
  {
    file: "cart.tsx",
    name: "clear the cart",
    role: "owner",
    path: "/cart",
    prepare: ownerLine,
    valid: () => ({ intent: "clear" }),
    required: ["intent"],
    texts: [],
  },
  {
    file: "cart.tsx",
    name: "check out",
    role: "owner",
    path: "/cart",
    prepare: ownerLine,
    valid: () => ({ intent: "checkout", [CHECKOUT_BOX]: "Please quote these" }),
    required: ["intent", CHECKOUT_BOX],
    texts: [CHECKOUT_BOX],
    shows: { page: "/requests" },
  },
  {
    file: "request-quote.$productId.tsx",
    name: "request a quote (guest)",
    role: "visitor",
    path: ({ fx }) => `/request-quote/${fx.product.id}`,
    valid: () => ({ message: "Price for 10?", quantity: "10", name: "Guest Buyer", email: "guest@example.com" }),
    required: ["message", "quantity", "name", "email"],
    texts: ["message", "name"],
    lines: ["name"],
    numbers: ["quantity"],
  },
  {
    file: "request-quote.$productId.tsx",
    name: "request a quote (member)",
    role: "owner",
    path: ({ fx }) => `/request-quote/${fx.product.id}?type=contact_supplier`,
    valid: () => ({ message: "Price for 10?", quantity: "10" }),
    required: ["message", "quantity"],
    texts: ["message"],
    numbers: ["quantity"],
    shows: { page: "/requests" },
  },
  {
    file: "requests.confirm.tsx",
    name: "confirm a visitor's request",
    role: "visitor",
    path: "/requests/confirm",
    valid: () => ({ token: "x".repeat(43) }),
    required: ["token"],
    texts: [],
  },
];
