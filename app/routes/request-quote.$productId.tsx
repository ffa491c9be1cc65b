import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useQuantityText } from "~/components/minimum-order";
import { GuestContactFields } from "~/components/rfq/guest-contact-fields";
import { Field, FormErrors, Honeypot, inputClass, SubmitButton } from "~/components/ui/form";
import { useSchemaForm } from "~/lib/forms";
import { invariantResponse } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { belowMinimumOrder } from "~/lib/order-quantity";
import { canReachOthers } from "~/lib/permissions";
import { GuestInquirySchema, InquirySchema } from "~/lib/schemas";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { requesterOf } from "~/models/inquiries.server";
import { isOwnProduct } from "~/models/listings.server";
import { getProduct, parseProductId } from "~/models/products.server";
import { getUser } from "~/services/auth.server";
import { redirectToSent, sendProductRequest } from "~/services/requests.server";
import type { Database } from "../../db/client";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

/** A supplier does not ask itself for a quotation: 403, saying why. */
async function refuseOwnListing(db: Database, user: { id: string } | null, productId: number) {
  if (user && (await isOwnProduct(db, user.id, productId))) throw Response.json({ message: "rfq.ownListing" }, { status: 403 });
}

const requestType = (url: string) => (new URL(url).searchParams.get("type") === "contact_supplier" ? "contact_supplier" : "request_quote");

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = parseProductId(params.productId);
  const product = id === null ? null : await getProduct(context.db, id);
  invariantResponse(product, 404);
  const [t, user] = await Promise.all([i18nServer.getFixedT(request), getUser(request, context)]);
  await refuseOwnListing(context.db, user, product.id);
  const type = requestType(request.url);
  return {
    title: type === "contact_supplier" ? t("rfq.contactSupplier") : t("rfq.requestQuote"),
    type,
    product: { id: product.id, title: product.title, companyName: product.companyName, moq: Math.max(1, product.moq), unit: product.unit },
    guest: !user,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const productId = parseProductId(params.productId);
  invariantResponse(productId, 404);
  const user = await getUser(request, context);
  const submission = await parseSubmission(request, user ? InquirySchema : GuestInquirySchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  if (user && !canReachOthers(user)) return invalidSubmission(submission, { formErrors: ["verify.required"] }, 403);
  const value = submission.value;
  const sent = await sendProductRequest(request, context, requesterOf(user, value), {
    productId,
    quantity: value.quantity,
    message: value.message,
    source: requestType(request.url),
  });
  if (!sent.ok && sent.reason === "limited") return invalidSubmission(submission, { formErrors: ["rfq.tooManyRequests"] }, 429);
  if (!sent.ok) {
    // Nothing written: the requester's own listing (403), a quotation for less than the minimum
    // order (400, the minimum beside the quantity), or no such listing to be seen (404).
    await refuseOwnListing(context.db, user, productId);
    const product = await getProduct(context.db, productId);
    if (product && belowMinimumOrder(product.moq, value.quantity))
      return invalidSubmission(submission, { fieldErrors: { quantity: ["moq.belowMinimum"] } });
  }
  invariantResponse(sent.ok, 404);
  return redirectToSent(context, sent);
}

export default function RequestQuote() {
  const { title, type, product, guest } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const quantityText = useQuantityText();
  const schema = guest ? GuestInquirySchema : InquirySchema;
  // Either schema's fields: TypeScript types the conditional as the member's schema, without name and e-mail.
  const [form, fields] = useSchemaForm<typeof GuestInquirySchema | typeof InquirySchema>(schema, {
    id: "inquiry",
    lastResult,
    defaultValue: { quantity: String(product.moq) },
  });
  const minimum = t("moq.minimumOrder", { quantity: quantityText(product.moq, product.unit) });
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <Link to={`/product/${product.id}`} className="text-sm font-medium text-orange-800 hover:underline">
        ← {product.title}
      </Link>
      <div className="mt-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-1 text-slate-700">
          {t("rfq.about", { title: product.title })}
          {product.companyName ? ` · ${product.companyName}` : ""}
        </p>
        <Form method="post" {...getFormProps(form)} className="relative mt-6 grid gap-4">
          <FormErrors id={form.errorId} errors={form.errors} />
          {guest && <GuestContactFields fields={fields} />}
          {/* The quantity starts at the listing's minimum order, in its unit; a quotation for less is refused. */}
          <Field
            field={fields.quantity}
            label={t("rfq.quantity")}
            hint={minimum}
            errorValues={{ quantity: quantityText(product.moq, product.unit) }}
          >
            <input
              {...getInputProps(fields.quantity, { type: "number" })}
              min={type === "request_quote" ? product.moq : 1}
              className={inputClass}
            />
          </Field>
          <Field field={fields.message} label={t("rfq.message")}>
            <textarea {...getTextareaProps(fields.message)} rows={5} className={inputClass} />
          </Field>
          <Honeypot />
          <SubmitButton label={t("rfq.send")} pendingLabel={t("auth.pleaseWait")} />
        </Form>
      </div>
    </div>
  );
}
