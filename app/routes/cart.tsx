import { getFormProps, getTextareaProps } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BelowMinimumMessage, belowMinimumAnswer, useQuantityText } from "~/components/minimum-order";
import { ConvertedPrice, ConvertedSum, RatesNote } from "~/components/products/converted-price";
import { FALLBACK_PRODUCT_IMAGE } from "~/components/products/product-card";
import { GuestContactFields } from "~/components/rfq/guest-contact-fields";
import { Field, FormErrors, Honeypot, inputClass, SubmitButton } from "~/components/ui/form";
import { decrement, increment, lineTotal, linesBySupplier, parseQuantity, totalsByCurrency } from "~/lib/cart-rules";
import { CART_MAX_QUANTITY, CHECKOUT_MAX_SUPPLIERS } from "~/lib/constants";
import { formatPrice } from "~/lib/format";
import { answerFor, submissionResult, useSchemaForm } from "~/lib/forms";
import { useHydrated } from "~/lib/hooks";
import { invariantResponse } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { unitPriceFor, type MinimumOrder } from "~/lib/order-quantity";
import { canReachOthers } from "~/lib/permissions";
import { cartActionSchema, CheckoutSchema, GuestCheckoutSchema } from "~/lib/schemas";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { safeRedirect } from "~/lib/url";
import { clearCart, hasLinesBelowMinimum, listCartLines, listCartSuppliers, setLineQuantity, stepLineQuantity } from "~/models/cart.server";
import { requesterOf } from "~/models/inquiries.server";
import { getUser } from "~/services/auth.server";
import { addToVisitorCart, findCartId } from "~/services/cart.server";
import { redirectToSent, sendCartRequest } from "~/services/requests.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [t, user, cartId] = await Promise.all([i18nServer.getFixedT(request), getUser(request, context), findCartId(request, context)]);
  const { lines, vanished } = cartId ? await listCartLines(context.db, cartId) : { lines: [], vanished: 0 };
  return { title: t("cart.title"), lines, vanished, totals: totalsByCurrency(lines), guest: !user };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getUser(request, context);
  const submission = await parseSubmission(request, cartActionSchema(!user));
  if (submission.status !== "success") return invalidSubmission(submission);
  const input = submission.value;
  const { db } = context;

  if (input.intent === "add") {
    const result = await addToVisitorCart(request, context, input.productId, typedQuantity(input.quantity));
    invariantResponse(result.ok || result.error !== "notFound", 404);
    const back = safeRedirect(input.redirectTo, "/cart");
    const headers = result.setCookie ? { "Set-Cookie": result.setCookie } : undefined;
    if (!result.ok && result.error === "moq.belowMinimum")
      return belowMinimum(result, { productId: input.productId, title: "title" in result ? String(result.title) : undefined });
    if (!result.ok)
      return redirectWithToast(context, back, { type: "error", title: "cart.errorTitle", description: result.error }, { headers });
    return redirectWithToast(
      context,
      back,
      { type: "success", title: "cart.added", description: "cart.addedText", values: { title: result.title } },
      { headers },
    );
  }

  const cartId = await findCartId(request, context);
  invariantResponse(cartId, 404);
  switch (input.intent) {
    case "increment":
    case "decrement": {
      const changed = await stepLineQuantity(db, cartId, input.lineId, input.intent === "increment" ? 1 : -1);
      if (!changed.ok && changed.error === "moq.belowMinimum") return belowMinimum(changed, { lineId: input.lineId });
      invariantResponse(changed.ok, 404);
      return redirect("/cart");
    }
    case "set": {
      const quantity = parseQuantity(input.quantity);
      const changed = await setLineQuantity(db, cartId, input.lineId, quantity);
      if (!changed.ok && changed.error === "moq.belowMinimum") return belowMinimum(changed, { lineId: input.lineId });
      invariantResponse(changed.ok, 404);
      if (quantity === CART_MAX_QUANTITY && Number(input.quantity) > CART_MAX_QUANTITY) {
        return redirectWithToast(context, "/cart", { type: "error", title: "cart.errorTitle", description: "cart.maxQuantity" });
      }
      return redirect("/cart");
    }
    case "remove":
      invariantResponse((await setLineQuantity(db, cartId, input.lineId, null)).ok, 404);
      return redirect("/cart");
    case "clear":
      await clearCart(db, cartId);
      return redirect("/cart");
    case "checkout": {
      if (user && !canReachOthers(user)) return invalidSubmission(submission, { formErrors: ["verify.required"] }, 403);
      const sent = await sendCartRequest(request, context, cartId, requesterOf(user, input), input.messages);
      if (!sent.ok && sent.reason === "limited") return invalidSubmission(submission, { formErrors: ["rfq.tooManyRequests"] }, 429);
      if (!sent.ok) {
        // Nothing written: a line is below its listing's minimum order (each such line says so),
        // the cart is empty, or a supplier of it has no message (one that joined since the page
        // was shown, in another tab): its box appears, saying that it needs one.
        if (await hasLinesBelowMinimum(db, cartId)) return invalidSubmission(submission, { formErrors: ["moq.checkoutBelow"] });
        const suppliers = await listCartSuppliers(db, cartId);
        if (suppliers.length > CHECKOUT_MAX_SUPPLIERS) return invalidSubmission(submission, { formErrors: ["cart.tooManySuppliers"] });
        const missing = suppliers.filter((id) => !input.messages[id]);
        if (missing.length === 0) return invalidSubmission(submission, { formErrors: ["cart.emptyCheckout"] });
        return invalidSubmission(submission, {
          fieldErrors: Object.fromEntries(missing.map((id) => [`messages.${id}`, ["validation.required"]])),
        });
      }
      return redirectToSent(context, sent);
    }
  }
}

/** A quantity typed to add: none (or empty) is the listing's minimum order; 0 or less is too few. */
function typedQuantity(typed: string | undefined) {
  if (typed === undefined || typed.trim() === "") return undefined;
  return parseQuantity(typed) ?? 0;
}

/**
 * Less than the listing's minimum order: 400, nothing written, and the minimum and its unit for
 * the message beside the field that asked (a line's quantity, or the product page's, whose form
 * this page shows again when the browser came here without JavaScript).
 */
function belowMinimum(refusal: MinimumOrder, at: { lineId?: string; productId?: number; title?: string }) {
  return data({ message: "moq.belowMinimum" as const, moq: refusal.moq, unit: refusal.unit, ...at }, { status: 400 });
}

/**
 * Add to Cart sent without JavaScript for less than the minimum order lands here (400): the
 * product's quantity field again, at its minimum order, with the message beside it.
 */
function RefusedAdd() {
  const refused = belowMinimumAnswer(useActionData<typeof action>(), {});
  const { t } = useTranslation();
  if (!refused?.productId) return null;
  const id = `add-${refused.productId}`;
  return (
    <Form method="post" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3" data-testid="refused-add">
      <input type="hidden" name="productId" value={refused.productId} />
      <input type="hidden" name="redirectTo" value="/cart" />
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {refused.title ? t("cart.quantityOf", { title: refused.title }) : t("moq.quantity")}
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <input
          id={id}
          name="quantity"
          type="number"
          min={refused.moq}
          max={CART_MAX_QUANTITY}
          defaultValue={refused.moq}
          aria-invalid
          aria-describedby={`${id}-error`}
          className="h-9 w-32 rounded-md border border-slate-300 px-2"
        />
        <button name="intent" value="add" className="rounded-md bg-orange-700 px-4 py-1.5 font-semibold text-white hover:bg-orange-800">
          {t("cart.addToCart")}
        </button>
      </div>
      <BelowMinimumMessage id={`${id}-error`} moq={refused.moq} unit={refused.unit} />
    </Form>
  );
}

type Line = ReturnType<typeof useLoaderData<typeof loader>>["lines"][number];

export default function Cart() {
  const { lines, vanished, totals } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const money = (amount: number, currency: string) => formatPrice(amount, currency, i18n.language);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Link to="/products" className="text-sm font-medium text-orange-800 hover:underline">
        ← {t("cart.continueShopping")}
      </Link>
      <h1 className="mt-3 text-2xl font-bold">{t("cart.title")}</h1>
      <RefusedAdd />
      {vanished > 0 && (
        <p role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900" data-testid="vanished-notice">
          {t("cart.vanished", { count: vanished })}
        </p>
      )}
      {lines.length === 0 ? (
        <section className="mt-10 rounded-xl border border-slate-200 bg-white p-10 text-center">
          {/* A checkout refused because the cart emptied meanwhile: the form is gone, its answer stays. */}
          <FormErrors errors={submissionResult(answerFor(answer, "checkout"))?.error?.[""] ?? undefined} />
          <h2 className="text-xl font-semibold">{t("cart.empty")}</h2>
          <p className="mt-2 text-slate-700">{t("cart.emptyText")}</p>
          <Link
            to="/products"
            className="mt-6 inline-block rounded-md bg-orange-700 px-5 py-2.5 font-semibold text-white hover:bg-orange-800"
          >
            {t("cart.browseProducts")}
          </Link>
        </section>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
          <ul className="grid content-start gap-4" aria-label={t("cart.items")}>
            {lines.map((line) => (
              <CartLine key={line.id} line={line} />
            ))}
          </ul>
          <aside className="h-fit rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="order-summary">
            <h2 id="order-summary" className="text-lg font-bold">
              {t("cart.summary")}
            </h2>
            <dl className="mt-3" data-testid="cart-totals">
              {totals.map((total) => (
                <div key={total.currency} className="flex justify-between font-bold">
                  <dt>{totals.length > 1 ? t("cart.totalIn", { currency: total.currency }) : t("cart.total")}</dt>
                  <dd className="text-right">
                    {money(total.total, total.currency)}
                    <ConvertedPrice amount={total.total} currency={total.currency} className="block text-xs font-normal text-slate-600" />
                  </dd>
                </div>
              ))}
            </dl>
            <ConvertedSum amounts={totals.map((total) => ({ amount: total.total, currency: total.currency }))} />
            <RatesNote currencies={totals.map((total) => total.currency)} />
            {/* After the list: a definition list holds only its terms and definitions. */}
            {lines.some((line) => line.price === null) && (
              <p className="mt-1 text-sm text-slate-600">{t(totals.length ? "cart.onRequestExcluded" : "cart.allOnRequest")}</p>
            )}
            <CheckoutForm />
            <Form method="post" className="mt-3" preventScrollReset>
              <button
                name="intent"
                value="clear"
                className="w-full rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
              >
                {t("cart.clear")}
              </button>
            </Form>
          </aside>
        </div>
      )}
    </div>
  );
}

/** One line: every control is its own form (JavaScript off), sent by a fetcher when it is on. */
function CartLine({ line }: { line: Line }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const quantityText = useQuantityText();
  // A change refused for being below the minimum order: the fetcher's answer, or the page's without JavaScript.
  const answer = useActionData<typeof action>();
  const refused = belowMinimumAnswer(fetcher.data, { lineId: line.id }) ?? belowMinimumAnswer(answer, { lineId: line.id });
  // Optimistic: while a change is on its way, show the quantity it will have.
  const pending = fetcher.formData;
  const intent = pending?.get("intent");
  if (intent === "remove" || (intent === "set" && parseQuantity(pending?.get("quantity")) === null)) return null;
  const quantity =
    intent === "increment"
      ? increment(line.quantity)
      : intent === "decrement"
        ? decrement(line.quantity)
        : intent === "set"
          ? parseQuantity(pending?.get("quantity"))!
          : line.quantity;
  const unitPrice = unitPriceFor(line.priceTiers, quantity, line.listPrice);
  const hidden = <input type="hidden" name="lineId" value={line.id} />;
  const stepClass = "h-9 w-9 rounded-md border border-slate-300 text-lg font-bold text-slate-800 hover:bg-slate-100 disabled:opacity-40";
  // A phone puts the line total under the unit price (a line without a price says so once) and the
  // controls on a row of their own, so the stepper keeps to one line; from the sm width the total
  // stands at the right.
  return (
    <li
      className="grid grid-cols-[6rem_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[6rem_minmax(0,1fr)_auto]"
      data-testid="cart-line"
    >
      <img
        src={line.imageUrl || FALLBACK_PRODUCT_IMAGE}
        alt=""
        width={96}
        height={72}
        loading="lazy"
        className="row-span-2 h-[72px] w-24 rounded object-cover"
      />
      <div className="min-w-0">
        <Link to={`/product/${line.productId}`} className="break-words font-semibold text-slate-900 hover:text-orange-800">
          {line.title}
        </Link>
        {line.companyName && <p className="text-sm text-slate-600">{line.companyName}</p>}
        <p className="text-sm text-slate-700">
          {unitPrice != null
            ? `${formatPrice(unitPrice, line.currency, i18n.language)} ${t("cart.perUnit")}`
            : t("products.priceOnRequest")}{" "}
          <ConvertedPrice amount={unitPrice} currency={line.currency} />
        </p>
        <p className="text-sm text-slate-600" data-testid="line-minimum">
          {t("moq.minimumOrder", { quantity: quantityText(line.moq, line.unit) })}
        </p>
      </div>
      <p
        className={`col-start-2 font-bold text-slate-900 sm:col-start-3 sm:row-start-1 sm:block sm:text-right ${line.price === null ? "hidden" : ""}`}
        data-testid="line-total"
      >
        {unitPrice === null
          ? t("products.priceOnRequest")
          : formatPrice(lineTotal({ price: unitPrice, currency: line.currency, quantity })!, line.currency, i18n.language)}
        <ConvertedPrice
          amount={lineTotal({ price: unitPrice, currency: line.currency, quantity })}
          currency={line.currency}
          className="block text-xs font-normal text-slate-600"
        />
      </p>
      <div className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1 sm:col-start-2 sm:row-start-2">
        <div className="flex items-center gap-2" data-testid="quantity-stepper">
          <fetcher.Form method="post" preventScrollReset>
            {hidden}
            <button
              name="intent"
              value="decrement"
              disabled={quantity <= line.moq}
              className={stepClass}
              aria-label={t("cart.decrease", { title: line.title })}
            >
              −
            </button>
          </fetcher.Form>
          <fetcher.Form method="post" preventScrollReset className="flex items-center gap-1">
            {hidden}
            <input type="hidden" name="intent" value="set" />
            <label htmlFor={`qty-${line.id}`} className="sr-only">
              {t("cart.quantityOf", { title: line.title })}
            </label>
            <input
              key={quantity}
              id={`qty-${line.id}`}
              name="quantity"
              inputMode="numeric"
              defaultValue={quantity}
              aria-invalid={refused ? true : undefined}
              aria-describedby={refused ? `qty-${line.id}-error` : undefined}
              onBlur={(event) => {
                if (event.currentTarget.value !== String(quantity)) fetcher.submit(event.currentTarget.form);
              }}
              className="h-9 w-20 rounded-md border border-slate-300 text-center"
            />
            {/* Without JavaScript this button sends the typed quantity; with it, leaving the field does. */}
            <button
              type="submit"
              className={
                hydrated
                  ? "sr-only"
                  : "h-9 whitespace-nowrap rounded-md border border-slate-300 px-2 text-sm font-medium hover:bg-slate-100"
              }
            >
              {t("cart.update")}
            </button>
          </fetcher.Form>
          <fetcher.Form method="post" preventScrollReset>
            {hidden}
            <button name="intent" value="increment" className={stepClass} aria-label={t("cart.increase", { title: line.title })}>
              +
            </button>
          </fetcher.Form>
        </div>
        {refused && (
          <div className="basis-full">
            <BelowMinimumMessage id={`qty-${line.id}-error`} moq={refused.moq} unit={refused.unit} />
          </div>
        )}
        {/* A line from before its listing had a minimum order, or before it was raised: it says so, and a press lifts it. */}
        {!refused && line.belowMinimum && quantity < line.moq && (
          <div className="flex basis-full flex-wrap items-center gap-2" data-testid="line-below-minimum">
            <BelowMinimumMessage moq={line.moq} unit={line.unit} />
            <fetcher.Form method="post" preventScrollReset>
              {hidden}
              <input type="hidden" name="intent" value="set" />
              <input type="hidden" name="quantity" value={line.moq} />
              <button
                type="submit"
                className="rounded-md border border-orange-700 px-2 py-1 text-sm font-semibold text-orange-800 hover:bg-orange-50"
              >
                {t("moq.raiseTo", { quantity: quantityText(line.moq, line.unit) })}
              </button>
            </fetcher.Form>
          </div>
        )}
        <fetcher.Form method="post" preventScrollReset className="ml-auto">
          {hidden}
          <button name="intent" value="remove" className="rounded-md px-2 py-1 text-sm font-semibold text-red-800 hover:bg-red-50">
            {t("cart.remove")}
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}

/**
 * The request for quotation: each supplier of the cart gets its own request, with its own lines and
 * the message written in its box (one box per supplier, `messages.<company id>`).
 */
function CheckoutForm() {
  const { guest, lines } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const schema = guest ? GuestCheckoutSchema : CheckoutSchema;
  // Either schema's fields: TypeScript types the conditional as the member's schema, without name and e-mail.
  const [form, fields] = useSchemaForm<typeof GuestCheckoutSchema | typeof CheckoutSchema>(schema, { id: "checkout", lastResult });
  const suppliers = linesBySupplier(lines);
  const messages = fields.messages.getFieldset();
  return (
    <Form method="post" {...getFormProps(form)} className="relative mt-5 grid gap-3 border-t border-slate-200 pt-4">
      <h3 className="font-semibold">{t("cart.requestQuotation")}</h3>
      <p className="text-sm text-slate-700">{t("cart.checkoutText", { count: suppliers.length })}</p>
      <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.messages.errors ?? [])]} />
      {guest && <GuestContactFields fields={fields} />}
      {suppliers.map((supplier) => {
        const message = messages[supplier.catalogId];
        // min-w-0 (the fieldset, each line): a fieldset and a grid's item are at least as wide as their longest line by default, and a long title would push them past a phone.
        return (
          <fieldset
            key={supplier.catalogId}
            className="grid min-w-0 gap-2 rounded-lg border border-slate-200 p-3"
            data-testid="supplier-request"
          >
            <legend className="px-1 font-semibold text-slate-900">{supplier.companyName}</legend>
            <ul className="grid gap-1 text-sm text-slate-700">
              {supplier.lines.map((line) => (
                <li key={line.id} className="flex min-w-0 justify-between gap-3">
                  <span className="truncate">
                    {line.title} × {line.quantity}
                  </span>
                  <span className="shrink-0 text-right">
                    {line.price === null ? t("products.priceOnRequest") : formatPrice(lineTotal(line)!, line.currency, i18n.language)}
                    <ConvertedPrice amount={lineTotal(line)} currency={line.currency} className="block text-xs text-slate-600" />
                  </span>
                </li>
              ))}
            </ul>
            <Field field={message} label={t("cart.messageTo", { company: supplier.companyName })}>
              <textarea {...getTextareaProps(message)} rows={3} className={inputClass} />
            </Field>
          </fieldset>
        );
      })}
      <Honeypot />
      <SubmitButton intent="checkout" label={t("cart.checkout")} pendingLabel={t("auth.pleaseWait")} />
    </Form>
  );
}
