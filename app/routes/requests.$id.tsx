import { getFormProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LinesTable, QuoteForm, QuoteTerms, quoteStatusKey, ResponseRate, StatusBadge } from "~/components/rfq/request-parts";
import { Ratings } from "~/components/trust/badges";
import { HiddenNotice } from "~/components/trust/hidden-notice";
import { ReportLink } from "~/components/trust/report-link";
import { Field, FormErrors, inputClass, SubmitButton } from "~/components/ui/form";
import { QUOTE_REVISIONS_MAX, REVIEW_EDIT_MS } from "~/lib/constants";
import { withCountryLabel } from "~/lib/countries";
import { formatDate } from "~/lib/format";
import { answerFor, useSchemaForm } from "~/lib/forms";
import { invariantResponse } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { quoteStart } from "~/lib/order-quantity";
import { isOwner, canReachOthers } from "~/lib/permissions";
import {
  DeclineRequestSchema,
  EditReviewSchema,
  RequestActionSchema,
  ReviewReplySchema,
  ReviewSchema,
  ThreadMessageSchema,
} from "~/lib/schemas";
import { siteUrl } from "~/lib/site";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { addThreadMessage, getRequestForViewer } from "~/models/inquiries.server";
import { acceptQuote, declineQuote, declineRequest, reviseQuote, sendQuote } from "~/models/quotes.server";
import { createReview, editReview, replyToReview } from "~/models/reviews.server";
import { getActor, requireUser } from "~/services/auth.server";
import { sendAfterResponse } from "~/services/email.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

/** Who is asking: a member, or an admin; a visitor is sent to sign in. */
async function requireParty(request: Request, context: LoaderFunctionArgs["context"]) {
  const actor = await getActor(request, context);
  if (!actor.user && !actor.admin) await requireUser(request, context);
  return actor;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requireParty(request, context);
  const [found, t, locale] = await Promise.all([
    getRequestForViewer(context.db, params.id ?? "", actor),
    i18nServer.getFixedT(request),
    i18nServer.getLocale(request),
  ]);
  invariantResponse(found, 404);
  const { review, ...shown } = found;
  const asSupplier = isOwner(actor, found.supplierId);
  const asBuyer = isOwner(actor, found.buyer.id);
  return {
    title: t("rfq.request.title", { reference: found.reference }),
    request: { ...shown, buyer: withCountryLabel(shown.buyer, locale), company: shown.company && withCountryLabel(shown.company, locale) },
    asSupplier,
    asBuyer,
    review: found.quote?.status === "accepted" ? review : null,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const id = params.id ?? "";
  const submission = await parseSubmission(request, RequestActionSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const value = submission.value;
  // What the other side receives needs a verified address; deciding on a quote does not.
  if (!canReachOthers(user) && value.intent !== "accept" && value.intent !== "declineQuote") {
    return invalidSubmission(submission, { formErrors: ["verify.required"] }, 403);
  }
  const db = context.db;
  const site = siteUrl(context.env);
  let done: boolean;
  switch (value.intent) {
    case "quote":
      done = await sendQuote(db, user.id, id, value, { site });
      break;
    case "revise":
      done = await reviseQuote(db, user.id, id, value, { site });
      break;
    case "decline":
      done = await declineRequest(db, user.id, id, value.reason);
      break;
    case "message":
      done = await addThreadMessage(db, user.id, id, value.body, site);
      break;
    case "accept":
      done = await acceptQuote(db, user.id, value.quoteId, site);
      break;
    case "declineQuote":
      done = await declineQuote(db, user.id, value.quoteId);
      break;
    case "review": {
      const { intent: _, ...input } = value;
      const outcome = await createReview(db, user.id, id, input);
      if (outcome === "already") return invalidSubmission(submission, { formErrors: ["reviews.already"] }, 409);
      done = outcome === "reviewed";
      break;
    }
    case "editReview": {
      const { intent: _, ...input } = value;
      done = await editReview(db, user.id, id, input);
      break;
    }
    case "replyReview":
      done = await replyToReview(db, user.id, id, value.reply);
      break;
  }
  // Not theirs, or no longer possible (decided, expired, revised already): the page as it is now.
  if (!done) {
    const visible = await getRequestForViewer(db, id, { user, admin: false }, { markRead: false });
    invariantResponse(visible, 404);
    // A quote that is not this request's (another buyer's, another supplier's) is nobody's here.
    if ("quoteId" in value) invariantResponse(visible.quote?.id === value.quoteId, 404);
    return invalidSubmission(submission, { formErrors: ["rfq.request.notPossible"] }, 409);
  }
  sendAfterResponse(context);
  const back = value.intent === "accept" || value.intent === "declineQuote" ? "/requests" : `/requests/${encodeURIComponent(id)}`;
  return redirectWithToast(context, back, {
    type: "success",
    title: `rfq.done.${value.intent}`,
    description: `rfq.done.${value.intent}Text`,
  });
}

export default function RequestPage() {
  const { request: r, asSupplier, asBuyer, review } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const quote = r.quote;
  const undecided = quote?.status === "sent";
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Link to={asSupplier ? "/inbox" : "/requests"} className="text-sm font-medium text-orange-800 hover:underline">
        ← {asSupplier ? t("rfq.inbox.title") : t("rfq.myRequests")}
      </Link>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t("rfq.request.title", { reference: r.reference })}</h1>
        <StatusBadge status={r.status} />
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {t(`rfq.source.${r.source}`)} · {formatDate(r.createdAt, i18n.language)}
      </p>
      <FormErrors errors={answer && "error" in answer && answer.error ? (answer.error[""] ?? undefined) : undefined} />

      <section className="mt-6 grid gap-4 md:grid-cols-2">
        <div className="rounded-lg border border-slate-200 bg-white p-4" data-testid="request-buyer">
          <h2 className="font-semibold">{t("rfq.request.buyer")}</h2>
          <p className="mt-1">{r.buyer.name ?? "—"}</p>
          {r.buyer.company && <p className="text-sm text-slate-700">{r.buyer.company}</p>}
          {r.buyer.country && <p className="text-sm text-slate-700">{r.buyer.country}</p>}
          {r.buyer.email || r.buyer.phone ? (
            <p className="mt-1 text-sm">
              {r.buyer.email && (
                <a href={`mailto:${r.buyer.email}`} className="text-orange-800 underline">
                  {r.buyer.email}
                </a>
              )}
              {r.buyer.phone && <> · {r.buyer.phone}</>}
            </p>
          ) : (
            <p className="mt-1 text-sm text-slate-600">{t("rfq.request.contactHidden")}</p>
          )}
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-4" data-testid="request-supplier">
          <h2 className="font-semibold">{t("rfq.request.supplier")}</h2>
          {r.company ? (
            <>
              <Link to={`/companies/${encodeURIComponent(r.company.id)}`} className="mt-1 block text-orange-800 underline">
                {r.company.name}
              </Link>
              {r.company.country && <p className="text-sm text-slate-700">{r.company.country}</p>}
              <p className="text-sm text-slate-700">
                <ResponseRate rate={r.company.responseRate} minutes={r.company.responseMinutes} />
              </p>
            </>
          ) : (
            <p className="mt-1 text-slate-700">—</p>
          )}
        </div>
      </section>

      <section className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="font-semibold">{t("rfq.request.what")}</h2>
        <LinesTable lines={r.lines} quote={quote} />
        <p className="mt-3 whitespace-pre-line rounded-md bg-slate-50 p-3 text-slate-800">{r.message}</p>
        {r.declineReason && (
          <p className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="decline-reason">
            {t("rfq.request.declinedBecause", { reason: r.declineReason })}
          </p>
        )}
      </section>

      {quote && (
        <section className="mt-6 rounded-lg border border-orange-200 bg-orange-50 p-4" data-testid="quote">
          <h2 className="font-semibold">
            {t("rfq.quote.title")}
            <span className="ml-2 text-sm font-normal text-slate-700" data-testid="quote-status">
              {t(quoteStatusKey(quote.status, asBuyer))}
            </span>
          </h2>
          <QuoteTerms quote={quote} />
          {asBuyer && undecided && <BuyerDecision quoteId={quote.id} expired={quote.expired} />}
        </section>
      )}

      {asSupplier && r.status === "new" && (
        <section className="mt-6 grid gap-6 md:grid-cols-2">
          <div className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="font-semibold">{t("rfq.quote.send")}</h2>
            <QuoteForm
              id="quote"
              intent="quote"
              lines={r.lines}
              currency={r.lines[0]?.currency ?? "USD"}
              start={quoteStart(r.lines)}
              lastResult={answerFor(answer, "quote")}
              submitLabel={t("rfq.quote.send")}
            />
          </div>
          <DeclineForm lastResult={answerFor(answer, "decline")} />
        </section>
      )}
      {asSupplier && quote && undecided && quote.revisions < QUOTE_REVISIONS_MAX && (
        <details className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
          <summary className="cursor-pointer font-semibold">{t("rfq.quote.revise")}</summary>
          <QuoteForm
            id="revise"
            intent="revise"
            lines={r.lines}
            currency={quote.currency}
            buyRequest={r.source === "trade_lead" ? { requested: null } : undefined}
            defaults={quote}
            lastResult={answerFor(answer, "revise")}
            submitLabel={t("rfq.quote.revise")}
          />
        </details>
      )}

      <Thread thread={r.thread} canWrite={(asBuyer || asSupplier) && !!r.buyer.id} lastResult={answerFor(answer, "message")} />
      {r.quote?.status === "accepted" && (
        <ReviewSection review={review} asBuyer={asBuyer} asSupplier={asSupplier} answer={answer} company={r.company?.name ?? ""} />
      )}
    </div>
  );
}

function BuyerDecision({ quoteId, expired }: { quoteId: string; expired: boolean }) {
  const { t } = useTranslation();
  if (expired) return <p className="mt-3 text-sm font-semibold text-red-800">{t("rfq.quote.cannotAcceptExpired")}</p>;
  return (
    <div className="mt-4 flex flex-wrap gap-3">
      <Form method="post">
        <input type="hidden" name="quoteId" value={quoteId} />
        <SubmitButton intent="accept" label={t("rfq.quote.accept")} pendingLabel={t("auth.pleaseWait")} className="px-6" />
      </Form>
      <Form method="post">
        <input type="hidden" name="quoteId" value={quoteId} />
        <button
          type="submit"
          name="intent"
          value="declineQuote"
          className="rounded-md border border-slate-300 bg-white px-6 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t("rfq.quote.decline")}
        </button>
      </Form>
    </div>
  );
}

function DeclineForm({ lastResult }: { lastResult: unknown }) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(DeclineRequestSchema, { id: "decline", lastResult });
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-semibold">{t("rfq.request.decline")}</h2>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4">
        <Field field={fields.reason} label={t("rfq.request.declineReason")}>
          <textarea {...getTextareaProps(fields.reason)} rows={3} className={inputClass} />
        </Field>
        <SubmitButton intent="decline" label={t("rfq.request.decline")} pendingLabel={t("auth.pleaseWait")} />
      </Form>
    </div>
  );
}

function Thread({
  thread,
  canWrite,
  lastResult,
}: {
  thread: { id: string; body: string; createdAt: number; mine: boolean; author: string | null; hiddenReason: string | null }[];
  canWrite: boolean;
  lastResult: unknown;
}) {
  const { t, i18n } = useTranslation();
  const [form, fields] = useSchemaForm(ThreadMessageSchema, { id: "thread", lastResult });
  return (
    <section className="mt-6 rounded-lg border border-slate-200 bg-white p-4" data-testid="thread">
      <h2 className="font-semibold">{t("rfq.thread.title")}</h2>
      {thread.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{t("rfq.thread.empty")}</p>
      ) : (
        <ol className="mt-3 grid gap-2">
          {thread.map((m) => (
            <li key={m.id} className={`rounded-md p-3 ${m.mine ? "bg-orange-50" : "bg-slate-50"}`} data-testid="thread-message">
              <p className="text-xs text-slate-600">
                {m.author ?? "—"} · {formatDate(m.createdAt, i18n.language)}
              </p>
              <HiddenNotice reason={m.hiddenReason} className="mt-1" />
              <p className="mt-1 whitespace-pre-line text-slate-900">{m.body}</p>
              {!m.mine && <ReportLink type="request_message" id={m.id} />}
            </li>
          ))}
        </ol>
      )}
      {canWrite && (
        <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-3">
          <Field field={fields.body} label={t("rfq.thread.write")}>
            <textarea {...getTextareaProps(fields.body)} rows={3} className={inputClass} />
          </Field>
          <SubmitButton intent="message" label={t("rfq.thread.send")} pendingLabel={t("auth.pleaseWait")} />
        </Form>
      )}
    </section>
  );
}

type Review = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["review"]>;

/**
 * The review of the deal: the buyer writes it once the quote is accepted, and may edit it once
 * within 30 days; the supplier may reply once.
 */
function ReviewSection({
  review,
  asBuyer,
  asSupplier,
  answer,
  company,
}: {
  review: Review | null;
  asBuyer: boolean;
  asSupplier: boolean;
  answer: unknown;
  company: string;
}) {
  const { t } = useTranslation();
  const editable = review && !review.editedAt && new Date(review.createdAt).getTime() > Date.now() - REVIEW_EDIT_MS;
  return (
    <section className="mt-6 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="review-heading" data-testid="review">
      <h2 id="review-heading" className="font-semibold">
        {asBuyer ? t("reviews.heading", { company }) : t("reviews.buyersReview")}
      </h2>
      {review ? (
        <div className="mt-2 text-sm">
          <Ratings review={review} />
          <HiddenNotice reason={review.hiddenReason} className="mt-2" />
          <p className="mt-2 whitespace-pre-line text-slate-900">{review.comment}</p>
          {review.reply && (
            <p className="mt-2 rounded-md bg-slate-50 p-2 text-slate-800">
              <span className="font-semibold">{t("reviews.reply")}:</span> {review.reply}
            </p>
          )}
        </div>
      ) : (
        !asBuyer && <p className="mt-2 text-sm text-slate-700">{t("reviews.noneYet")}</p>
      )}
      {asBuyer && !review && <ReviewForm intent="review" lastResult={answerFor(answer, "review")} />}
      {asBuyer && editable && <ReviewForm intent="editReview" review={review} lastResult={answerFor(answer, "editReview")} />}
      {asSupplier && review && !review.reply && <ReplyForm lastResult={answerFor(answer, "replyReview")} />}
    </section>
  );
}

function ReviewForm({ intent, review, lastResult }: { intent: "review" | "editReview"; review?: Review | null; lastResult: unknown }) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(intent === "review" ? ReviewSchema : EditReviewSchema, {
    id: intent,
    lastResult,
    defaultValue: review
      ? {
          intent,
          described: String(review.described),
          communication: String(review.communication),
          delivery: String(review.delivery),
          comment: review.comment,
        }
      : { intent },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-3">
      <FormErrors id={form.errorId} errors={form.errors} />
      <p className="text-sm text-slate-700">{t(intent === "review" ? "reviews.writeText" : "reviews.editText")}</p>
      <div className="grid gap-3 sm:grid-cols-3">
        {(["described", "communication", "delivery"] as const).map((key) => (
          <Field key={key} field={fields[key]} label={t(`reviews.criteria.${key}`)}>
            <select {...getSelectProps(fields[key])} className={inputClass}>
              <option value="">{t("reviews.choose")}</option>
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {t("reviews.outOf", { rating: n })}
                </option>
              ))}
            </select>
          </Field>
        ))}
      </div>
      <Field field={fields.comment} label={t("reviews.comment")}>
        <textarea {...getTextareaProps(fields.comment)} rows={3} className={inputClass} />
      </Field>
      <SubmitButton
        intent={intent}
        label={t(intent === "review" ? "reviews.send" : "reviews.saveEdit")}
        pendingLabel={t("auth.pleaseWait")}
      />
    </Form>
  );
}

function ReplyForm({ lastResult }: { lastResult: unknown }) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(ReviewReplySchema, { id: "replyReview", lastResult, defaultValue: { intent: "replyReview" } });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-3">
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field field={fields.reply} label={t("reviews.replyLabel")}>
        <textarea {...getTextareaProps(fields.reply)} rows={3} className={inputClass} />
      </Field>
      <SubmitButton intent="replyReview" label={t("reviews.sendReply")} pendingLabel={t("auth.pleaseWait")} />
    </Form>
  );
}
