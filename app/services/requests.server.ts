import type { AppLoadContext } from "@remix-run/cloudflare";
import { composeEmail } from "~/lib/email";
import { clientAddress } from "~/lib/http";
import { i18nextFor, i18nServer } from "~/lib/i18n.server";
import { siteUrl } from "~/lib/site";
import { redirectWithToast } from "~/lib/toast.server";
import { listCartSuppliers } from "~/models/cart.server";
import {
  checkoutCart,
  confirmVisitorRequest,
  createProductInquiry,
  inquiryReference,
  type InquirySource,
  type Requester,
  type Unconfirmed,
} from "~/models/inquiries.server";
import { countAttempts, LIMITS } from "~/models/rate-limits.server";
import { sendAfterResponse, tokenLinkEmail } from "~/services/email.server";

// Requests for quotation (Request Quote, Contact Supplier, Proceed to Checkout) as members and
// visitors send them. A member's request reaches its supplier at once. A visitor's is limited per
// address and per e-mail typed (counted before anything is written, so requests that arrive
// together cannot pass the limits) and waits until the visitor confirms it from the link e-mailed
// to the address they typed: nobody can make a supplier read requests in someone else's name, or
// flood an inbox from a script (docs/decisions/0023-visitors-confirm-requests.md).

/** The page that opens the link: one button, so a mail scanner that follows links confirms nothing. */
const CONFIRM_REQUEST_PATH = "/requests/confirm";

/** A request written: its reference, how many suppliers it goes to, and whether the visitor must confirm it first. */
interface Written {
  reference: string;
  suppliers: number;
  awaitsConfirmation: boolean;
}
type Sent = ({ ok: true } & Written) | { ok: false; reason: "limited" | "notWritten" };

/** The e-mail that carries a visitor's confirmation link, in the visitor's language. */
function confirmationEmail(locale: string, link: string, name: string, reference: string, suppliers: number) {
  const { t } = i18nextFor(locale);
  return composeEmail(t("email.confirmRequest.subject"), [
    t("email.greeting", { name }),
    t("email.confirmRequest.intro", { reference, count: suppliers }),
    { label: t("email.confirmRequest.action"), href: link },
    t("email.confirmRequest.ignore"),
    t("email.signature"),
  ]);
}

/**
 * What a new request needs from who sends it: nothing for a member; for a visitor, one try counted
 * against the visitors' limits ("limited" past either), then the link's token (its hash is stored)
 * and the e-mail that carries it (the token sealed, see tokenLinkEmail); the link leads to SITE_URL.
 */
async function confirmationFor(
  request: Request,
  context: AppLoadContext,
  requester: Requester,
  groupId: string,
  countSuppliers: () => Promise<number>,
): Promise<Unconfirmed | null | "limited"> {
  if (requester.userId || !requester.email) return null;
  const [{ limited }, suppliers] = await Promise.all([
    countAttempts(context.db, [
      { limit: LIMITS.visitorRequestsPerClient, subject: clientAddress(request) },
      { limit: LIMITS.visitorRequestsPerEmail, subject: requester.email },
    ]),
    countSuppliers(),
  ]);
  if (limited) return "limited";
  const locale = await i18nServer.getLocale(request);
  const { hash, ...email } = await tokenLinkEmail(context.env, requester.email, CONFIRM_REQUEST_PATH, (link) =>
    confirmationEmail(locale, link, requester.name ?? "", inquiryReference(groupId), suppliers),
  );
  return { tokenHash: hash, email: { ...email, language: locale } };
}

/** Request Quote and Contact Supplier: "notWritten" when no listing shown to others has this id, or it is the member's own. */
export async function sendProductRequest(
  request: Request,
  context: AppLoadContext,
  requester: Requester,
  input: { productId: number; quantity: number; message: string; source: Exclude<InquirySource, "checkout" | "trade_lead"> },
): Promise<Sent> {
  const id = crypto.randomUUID();
  const unconfirmed = await confirmationFor(request, context, requester, id, async () => 1);
  if (unconfirmed === "limited") return { ok: false, reason: "limited" };
  const site = siteUrl(context.env);
  const created = await createProductInquiry(context.db, requester, input, { id, site, unconfirmed: unconfirmed ?? undefined });
  if (!created) return { ok: false, reason: "notWritten" };
  sendAfterResponse(context);
  return { ok: true, reference: inquiryReference(id), suppliers: 1, awaitsConfirmation: !!unconfirmed };
}

/**
 * Proceed to Checkout: a request to each supplier of the cart with its message in `messages` (by
 * company id), each with its own lines. "notWritten" when the cart has no product that still
 * exists, or a supplier of it has no message.
 */
export async function sendCartRequest(
  request: Request,
  context: AppLoadContext,
  cartId: string,
  requester: Requester,
  messages: Record<string, string>,
): Promise<Sent> {
  const groupId = crypto.randomUUID();
  // A visitor's e-mail says how many suppliers the request goes to: those of the cart.
  const unconfirmed = await confirmationFor(
    request,
    context,
    requester,
    groupId,
    async () => (await listCartSuppliers(context.db, cartId)).length,
  );
  if (unconfirmed === "limited") return { ok: false, reason: "limited" };
  const site = siteUrl(context.env);
  const created = await checkoutCart(context.db, cartId, requester, messages, { groupId, site, unconfirmed: unconfirmed ?? undefined });
  if (!created) return { ok: false, reason: "notWritten" };
  sendAfterResponse(context);
  return { ok: true, reference: inquiryReference(groupId), suppliers: created.suppliers, awaitsConfirmation: !!unconfirmed };
}

/**
 * The answer to a request written: its reference and how many suppliers it goes to (the page and
 * the toast count them), and for a visitor the word to check their e-mail.
 */
export function redirectToSent(context: AppLoadContext, sent: Written) {
  const values = { count: sent.suppliers };
  const url = `/requests/sent?ref=${sent.reference}&suppliers=${sent.suppliers}`;
  if (!sent.awaitsConfirmation) {
    return redirectWithToast(context, url, { type: "success", title: "rfq.sentTitle", description: "rfq.sentText", values });
  }
  return redirectWithToast(context, `${url}&confirm=email`, {
    type: "success",
    title: "rfq.confirmTitle",
    description: "rfq.confirmText",
    values,
  });
}

/** The visitor's button: the request reaches its suppliers; null when the link is unknown, used or expired. */
export async function confirmRequest(context: AppLoadContext, tokenHash: string): Promise<Written | null> {
  const confirmed = await confirmVisitorRequest(context.db, tokenHash, siteUrl(context.env));
  if (!confirmed) return null;
  sendAfterResponse(context);
  return { reference: inquiryReference(confirmed.groupId), suppliers: confirmed.suppliers, awaitsConfirmation: false };
}
