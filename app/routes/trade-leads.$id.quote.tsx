import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { QuoteForm } from "~/components/rfq/request-parts";
import { DEFAULT_CURRENCY } from "~/lib/constants";
import { invariantResponse } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { canReachOthers } from "~/lib/permissions";
import { LeadQuoteSchema } from "~/lib/schemas";
import { siteUrl } from "~/lib/site";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { leadForQuote, leadQuotaLeft, sendLeadQuote } from "~/models/quotes.server";
import { requireUser } from "~/services/auth.server";
import { sendAfterResponse } from "~/services/email.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

/** The first whole number in the lead's quantity ('5,000 pieces' is 5000), else 1. */
function suggestedQuantity(quantity: string | null) {
  const digits = quantity?.replace(/[,\s](?=\d{3}\b)/g, "").match(/\d+/)?.[0];
  const n = digits ? Number(digits) : 1;
  return Number.isSafeInteger(n) && n > 0 ? n : 1;
}

/** A supplier quotes a buy trade lead in a category they sell in, within the month's quota. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [t, lead, quota] = await Promise.all([
    i18nServer.getFixedT(request),
    leadForQuote(context.db, user.id, params.id ?? ""),
    leadQuotaLeft(context.db, user),
  ]);
  invariantResponse(lead, 404);
  return { title: t("rfq.leadQuote.title", { title: lead.title }), lead, quota, quantity: suggestedQuantity(lead.quantity) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = await parseSubmission(request, LeadQuoteSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  if (!canReachOthers(user)) return invalidSubmission(submission, { formErrors: ["verify.required"] }, 403);
  const result = await sendLeadQuote(context.db, user, params.id ?? "", submission.value, { site: siteUrl(context.env) });
  if (result === "sent") sendAfterResponse(context);
  invariantResponse(result !== "notFound", 404);
  if (result === "quota") return invalidSubmission(submission, { formErrors: ["rfq.leadQuote.quotaUsed"] }, 429);
  if (result === "already") return invalidSubmission(submission, { formErrors: ["rfq.leadQuote.already"] }, 409);
  return redirectWithToast(context, "/inbox", { type: "success", title: "rfq.done.quote", description: "rfq.done.quoteText" });
}

export default function LeadQuote() {
  const { lead, quota, quantity } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/inbox" className="text-sm font-medium text-orange-800 hover:underline">
        ← {t("rfq.inbox.title")}
      </Link>
      <h1 className="mt-4 text-2xl font-bold">{t("rfq.leadQuote.title", { title: lead.title })}</h1>
      <p className="mt-2 whitespace-pre-line text-slate-800">{lead.description}</p>
      <p className="mt-2 text-sm text-slate-700">{[lead.quantity, lead.location].filter(Boolean).join(" · ")}</p>
      <p className="mt-2 text-sm font-semibold text-slate-800" data-testid="quota">
        {t("rfq.inbox.quota", { left: quota.left, limit: quota.limit })}
      </p>
      {lead.quoted ? (
        <p className="mt-6 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t("rfq.leadQuote.already")}</p>
      ) : (
        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <QuoteForm
            id="lead-quote"
            lines={[{ id: lead.id, title: lead.title, quantity }]}
            currency={DEFAULT_CURRENCY}
            quantity={quantity}
            buyRequest={{ requested: lead.quantity }}
            lastResult={answer}
            submitLabel={t("rfq.quote.send")}
          />
        </div>
      )}
    </div>
  );
}
