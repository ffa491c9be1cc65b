import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConvertedPrice, RatesNote } from "~/components/products/converted-price";
import { LinesTable, ResponseRate, StatusBadge } from "~/components/rfq/request-parts";
import { VerifiedBadge, verifiedYear } from "~/components/trust/badges";
import { Pagination } from "~/components/ui/pagination";
import { MY_REQUESTS_PAGE_SIZE } from "~/lib/constants";
import { withCountryLabel } from "~/lib/countries";
import { formatDate, formatPrice } from "~/lib/format";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { pageFrom } from "~/lib/url";
import { listBuyerRequests, type RequestView } from "~/models/inquiries.server";
import { requireUser } from "~/services/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const page = pageFrom(new URL(request.url));
  const [t, locale, { groups, total }] = await Promise.all([
    i18nServer.getFixedT(request),
    i18nServer.getLocale(request),
    listBuyerRequests(context.db, user.id, page, MY_REQUESTS_PAGE_SIZE),
  ]);
  // Suppliers' countries in the reader's language (the comparison's Country row).
  const shown = groups.map((group) => group.map((r) => ({ ...r, company: r.company && withCountryLabel(r.company, locale) })));
  return { title: t("rfq.myRequests"), groups: shown, page, pages: Math.max(1, Math.ceil(total / MY_REQUESTS_PAGE_SIZE)) };
}

type Request = RequestView;

export default function MyRequests() {
  const { groups, page, pages } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t("rfq.myRequests")}</h1>
      {groups.length === 0 ? (
        <div className="mt-6 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
          <p>{t("rfq.none")}</p>
          <Link to="/products" className="mt-3 inline-block font-semibold text-orange-800 hover:underline">
            {t("cart.browseProducts")}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid gap-6">
          {groups.map((group) => (
            <RequestGroup key={group[0].groupId} group={group} />
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pages} />
    </div>
  );
}

/** One reference: the requests it went out as (one per supplier), and a comparison where quotes compete. */
function RequestGroup({ group }: { group: Request[] }) {
  const { t, i18n } = useTranslation();
  const first = group[0];
  const quoted = group.filter((r) => r.quote);
  const competing = first.tradeLeadId !== null && quoted.length >= 2;
  // A cart's requests each carry the message written to their supplier: shown with each, unless it is one message.
  const oneMessage = group.every((r) => r.message === first.message);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="my-request">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-mono text-lg font-semibold">{first.reference}</h2>
        <p className="text-sm text-slate-700">
          {t(`rfq.source.${first.source}`)} · {formatDate(first.createdAt, i18n.language)} · {t("rfq.suppliers", { count: group.length })}
        </p>
      </div>
      {first.tradeLeadId && <p className="mt-1 font-semibold text-slate-900">{first.lines[0]?.title}</p>}
      {oneMessage && <p className="mt-1 line-clamp-3 whitespace-pre-line text-slate-800">{first.message}</p>}
      {competing && <Comparison requests={quoted} />}
      <ul className="mt-4 grid gap-3">
        {group.map((r) => (
          <li key={r.id} className="rounded-lg border border-slate-100 bg-slate-50 p-4" data-testid="supplier-request">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold">{r.company?.name ?? "—"}</p>
              <StatusBadge status={r.status} />
            </div>
            {!oneMessage && <p className="mt-1 line-clamp-3 whitespace-pre-line text-sm text-slate-800">{r.message}</p>}
            <LinesTable lines={r.lines} quote={r.quote} />
            {r.quote && (
              <p className="mt-2 text-sm text-slate-700">
                {t("rfq.quote.summary", {
                  minimum: r.quote.minimumOrder,
                  days: r.quote.leadTimeDays,
                  incoterm: r.quote.incoterm,
                  date: formatDate(r.quote.validUntil, i18n.language),
                })}
              </p>
            )}
            {r.declineReason && (
              <p className="mt-2 text-sm text-red-900">{t("rfq.request.declinedBecause", { reason: r.declineReason })}</p>
            )}
            <Link to={`/requests/${r.id}`} className="mt-2 inline-block text-sm font-semibold text-orange-800 hover:underline">
              {t("rfq.request.open")}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The quotes that answer one need, side by side, each with its decision. */
function Comparison({ requests }: { requests: Request[] }) {
  const { t, i18n } = useTranslation();
  const cell = "border-t border-slate-200 px-3 py-2 align-top";
  const rows: [string, (r: Request) => React.ReactNode][] = [
    [
      t("rfq.compare.supplier"),
      (r) => (
        <>
          {r.company?.name ?? "—"}
          {r.company && (
            <span className="mt-1 flex flex-wrap gap-1">
              <VerifiedBadge year={verifiedYear(r.company)} />
            </span>
          )}
        </>
      ),
    ],
    [t("rfq.compare.country"), (r) => r.company?.country ?? "—"],
    [
      t("rfq.compare.responseRate"),
      (r) => <ResponseRate rate={r.company?.responseRate ?? null} minutes={r.company?.responseMinutes ?? null} />,
    ],
    [
      t("rfq.quote.unitPrice"),
      (r) => (
        <>
          {formatPrice(r.quote!.unitPrices[0]?.unitPrice ?? 0, r.quote!.currency, i18n.language)}
          <ConvertedPrice
            amount={r.quote!.unitPrices[0]?.unitPrice ?? 0}
            currency={r.quote!.currency}
            className="block text-xs text-slate-600"
          />
        </>
      ),
    ],
    [
      t("rfq.quote.total"),
      (r) => (
        <>
          {formatPrice(r.quote!.total, r.quote!.currency, i18n.language)}
          <ConvertedPrice amount={r.quote!.total} currency={r.quote!.currency} className="block text-xs text-slate-600" />
        </>
      ),
    ],
    [t("rfq.quote.minimumOrder"), (r) => r.quote!.minimumOrder],
    [t("rfq.quote.leadTime"), (r) => t("rfq.quote.days", { count: r.quote!.leadTimeDays })],
    [t("rfq.quote.incoterm"), (r) => r.quote!.incoterm],
    [
      t("rfq.quote.validUntil"),
      (r) => (
        <>
          {formatDate(r.quote!.validUntil, i18n.language)}
          {r.quote!.expired && <span className="ml-1 font-semibold text-red-800">{t("rfq.quote.expired")}</span>}
        </>
      ),
    ],
    [t("rfq.compare.status"), (r) => t(`rfq.quoteStatus.${r.quote!.status}`)],
  ];
  return (
    <div className="mt-4 overflow-x-auto" data-testid="comparison">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="mb-2 text-left font-semibold text-slate-900">{t("rfq.compare.title", { count: requests.length })}</caption>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row" className={`${cell} font-medium text-slate-700`}>
                {label}
              </th>
              {requests.map((r) => (
                <td key={r.id} className={cell}>
                  {value(r)}
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <td className={cell} />
            {requests.map((r) => (
              <td key={r.id} className={cell}>
                {r.quote!.status === "sent" && !r.quote!.expired && (
                  <div className="flex flex-wrap gap-2">
                    <Form method="post" action={`/requests/${r.id}`}>
                      <input type="hidden" name="quoteId" value={r.quote!.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="accept"
                        className="rounded-md bg-orange-700 px-3 py-1.5 font-semibold text-white hover:bg-orange-800"
                        aria-label={t("rfq.quote.acceptFrom", { company: r.company?.name ?? "" })}
                      >
                        {t("rfq.quote.accept")}
                      </button>
                    </Form>
                    <Form method="post" action={`/requests/${r.id}`}>
                      <input type="hidden" name="quoteId" value={r.quote!.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="declineQuote"
                        className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-50"
                        aria-label={t("rfq.quote.declineFrom", { company: r.company?.name ?? "" })}
                      >
                        {t("rfq.quote.decline")}
                      </button>
                    </Form>
                  </div>
                )}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <RatesNote currencies={requests.map((r) => r.quote!.currency)} />
    </div>
  );
}
