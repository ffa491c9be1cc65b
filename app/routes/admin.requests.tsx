import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LinesTable, quoteStatusKey, StatusBadge } from "~/components/rfq/request-parts";
import { FormErrors } from "~/components/ui/form";
import { Pagination } from "~/components/ui/pagination";
import { ADMIN_REQUESTS_PAGE_SIZE, INQUIRY_STATUSES, type InquiryStatus } from "~/lib/constants";
import { RequestsActionSchema } from "~/lib/content-schemas";
import { formatDate } from "~/lib/format";
import { submissionResult } from "~/lib/forms";
import { invariantResponse } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { pageFrom, safeRedirect } from "~/lib/url";
import { listInquiriesForAdmin, setInquiryStatus } from "~/models/inquiries.server";
import { requireAdmin } from "~/services/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

const statusFrom = (value: string | null) =>
  (INQUIRY_STATUSES as readonly string[]).includes(value ?? "") ? (value as InquiryStatus) : null;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const status = statusFrom(url.searchParams.get("status"));
  const page = pageFrom(url);
  const [t, { items, total }] = await Promise.all([
    i18nServer.getFixedT(request),
    listInquiriesForAdmin(context.db, { status, page, pageSize: ADMIN_REQUESTS_PAGE_SIZE }),
  ]);
  return {
    title: t("content.requests.title"),
    status,
    page,
    pages: Math.max(1, Math.ceil(total / ADMIN_REQUESTS_PAGE_SIZE)),
    total,
    requests: items,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const submission = await parseSubmission(request, RequestsActionSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const { requestId, status } = submission.value;
  invariantResponse(await setInquiryStatus(context.db, requestId, status), 404);
  // Back to the list as the admin was looking at it (filter and page).
  const url = new URL(request.url);
  return redirectWithToast(context, safeRedirect(`/admin/requests${url.search}`, "/admin/requests"), {
    type: "success",
    title: "content.requests.updatedTitle",
    description: "content.requests.updated",
  });
}

export default function AdminRequests() {
  const { requests, status, page, pages, total } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const filters: (InquiryStatus | null)[] = [null, ...INQUIRY_STATUSES];
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t("content.requests.title")}</h1>
      <p className="mt-1 text-slate-700">{t("content.requests.text")}</p>
      <nav aria-label={t("content.requests.filter")} className="mt-6 flex flex-wrap gap-2">
        {filters.map((key) => (
          <Link
            key={key ?? "all"}
            to={key ? `/admin/requests?status=${key}` : "/admin/requests"}
            aria-current={status === key ? "page" : undefined}
            className="rounded-full border border-slate-300 px-4 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 aria-[current=page]:border-orange-700 aria-[current=page]:bg-orange-700 aria-[current=page]:text-white"
          >
            {key ? t(`rfq.status.${key}`) : t("content.requests.all")}
          </Link>
        ))}
      </nav>
      <div className="mt-4">
        <FormErrors errors={submissionResult(answer)?.error?.[""] ?? undefined} />
      </div>
      <p className="mt-4 text-sm text-slate-700">{t("content.requests.count", { count: total })}</p>
      {requests.length === 0 ? (
        <p className="mt-4 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t("content.requests.none")}</p>
      ) : (
        <ul className="mt-4 grid gap-4">
          {requests.map((r) => (
            <li key={r.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="admin-request">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-mono font-semibold" data-testid="admin-request-reference">
                  {r.reference}
                </p>
                <StatusBadge status={r.status} />
              </div>
              <p className="mt-1 text-sm text-slate-700">
                {t(`rfq.source.${r.source}`)} · {formatDate(r.createdAt, i18n.language)}
              </p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="font-medium text-slate-600">{t("rfq.request.buyer")}</dt>
                <dd data-testid="admin-request-buyer">
                  <span className="font-semibold">{r.buyer.name ?? "—"}</span>
                  {r.buyer.email && (
                    <>
                      {" "}
                      ·{" "}
                      <a href={`mailto:${r.buyer.email}`} className="text-orange-800 underline">
                        {r.buyer.email}
                      </a>
                    </>
                  )}
                  {r.buyer.company && <> · {r.buyer.company}</>}
                  {" · "}
                  {r.buyer.id
                    ? t("content.requests.member")
                    : r.awaitingConfirmation
                      ? t("content.requests.unconfirmedGuest")
                      : t("content.requests.guest")}
                </dd>
                <dt className="font-medium text-slate-600">{t("rfq.request.supplier")}</dt>
                <dd data-testid="admin-request-supplier">
                  {r.company ? (
                    <Link to={`/companies/${encodeURIComponent(r.company.id)}`} className="text-orange-800 underline">
                      {r.company.name}
                    </Link>
                  ) : (
                    "—"
                  )}
                </dd>
                {r.quote && (
                  <>
                    <dt className="font-medium text-slate-600">{t("rfq.quote.title")}</dt>
                    <dd data-testid="admin-request-quote">{t(quoteStatusKey(r.quote.status, false))}</dd>
                  </>
                )}
              </dl>
              {r.lines.length > 0 && <LinesTable lines={r.lines} quote={r.quote} listed />}
              <p className="mt-3 whitespace-pre-line rounded-md bg-slate-50 p-3 text-slate-800">{r.message}</p>
              <Form method="post" action={`/admin/requests${location.search}`} className="mt-3 flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="setStatus" />
                <input type="hidden" name="requestId" value={r.id} />
                <label className="text-sm font-medium text-slate-800">
                  {t("content.requests.moveTo")}
                  <select name="status" defaultValue={r.status} className="ml-2 rounded-md border border-slate-300 bg-white px-2 py-1.5">
                    {INQUIRY_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {t(`rfq.status.${s}`)}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="submit" className="rounded-md bg-orange-700 px-4 py-1.5 font-semibold text-white hover:bg-orange-800">
                  {t("content.requests.update")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pages} />
    </div>
  );
}
