import type { AppLoadContext } from "@remix-run/cloudflare";
import { guestCartCookie } from "~/lib/cookies";
import { clientAddress } from "~/lib/http";
import { belowMinimumOrder } from "~/lib/order-quantity";
import { addToCart, createGuestCart, getOrCreateUserCartId, getUserCartId, mergeCarts } from "~/models/cart.server";
import { isOwnProduct } from "~/models/listings.server";
import { getProduct } from "~/models/products.server";
import { countAttempt, LIMITS } from "~/models/rate-limits.server";
import { readRequestState } from "~/services/session.server";

/** The visitor's cart id if they have one: the account's when signed in, else the cookie's. */
export async function findCartId(request: Request, context: AppLoadContext) {
  const { viewer, guestCartId } = await readRequestState(request, context);
  return viewer.user ? getUserCartId(context.db, viewer.user.id) : guestCartId;
}

/**
 * The visitor's cart id, made on first use; a new guest cart comes with its cookie. Requests
 * without a cart cookie are new visitors to the server, each with a cart of its own, so new
 * guest carts are limited per address (counted before one is made); a forgotten one is swept
 * after GUEST_CART_DAYS. Null when the address has made too many.
 */
async function ensureCartId(request: Request, context: AppLoadContext) {
  const { viewer, guestCartId } = await readRequestState(request, context);
  if (viewer.user) return { cartId: await getOrCreateUserCartId(context.db, viewer.user.id), setCookie: null };
  if (guestCartId) return { cartId: guestCartId, setCookie: null };
  if ((await countAttempt(context.db, LIMITS.guestCartsPerClient, clientAddress(request))).limited) return null;
  const cartId = await createGuestCart(context.db);
  return { cartId, setCookie: await guestCartCookie(request, context.env.SESSION_SECRET).serialize(cartId) };
}

/** At sign-in the guest's cart joins the account's; returns the header that drops the cookie. */
export async function mergeGuestCartInto(request: Request, context: AppLoadContext, userId: string) {
  const { guestCartId } = await readRequestState(request, context);
  if (!guestCartId) return null;
  await mergeCarts(context.db, guestCartId, await getOrCreateUserCartId(context.db, userId));
  return guestCartCookie(request, context.env.SESSION_SECRET).serialize("", { maxAge: 0 });
}

/**
 * Add to Cart for whoever is asking, `quantity` of the product (its minimum order when none is
 * given). The product and the quantity are checked before any cart is made, so a refused request
 * (an unknown product, less than the minimum order) writes nothing, not even an empty guest cart.
 */
export async function addToVisitorCart(request: Request, context: AppLoadContext, productId: number, quantity?: number) {
  const product = await getProduct(context.db, productId);
  if (!product) return { ok: false, error: "notFound", setCookie: null } as const;
  if (quantity !== undefined && belowMinimumOrder(product.moq, quantity))
    return {
      ok: false,
      error: "moq.belowMinimum",
      moq: Math.max(1, product.moq),
      unit: product.unit,
      title: product.title,
      setCookie: null,
    } as const;
  const { user } = (await readRequestState(request, context)).viewer;
  // A supplier does not ask itself for a quotation.
  if (user && (await isOwnProduct(context.db, user.id, productId)))
    return { ok: false, error: "cart.ownListing", setCookie: null } as const;
  const cart = await ensureCartId(request, context);
  if (!cart) return { ok: false, error: "auth.tooManyAttempts", setCookie: null } as const;
  return { ...(await addToCart(context.db, cart.cartId, productId, quantity)), setCookie: cart.setCookie };
}
