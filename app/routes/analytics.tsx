import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { parseRange } from "~/lib/analytics";
import { ANALYTICS_RANGES } from "~/lib/constants";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { loadDashboard } from "~/models/analytics.server";
import { requireAdmin } from "~/services/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const range = parseRange(new URL(request.url).searchParams.get("range"));
  const [t, dashboard] = await Promise.all([i18nServer.getFixedT(request), loadDashboard(context.db, range)]);
  return { title: t("content.analytics.title"), ...dashboard };
}

function useFormats() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return {
    count: (n: number) => new Intl.NumberFormat(locale).format(n),
    percent: (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n) + "%",
    change: (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1, signDisplay: "exceptZero" }).format(n) + "%",
    duration: (ms: number) => {
      const seconds = Math.round(ms / 1000);
      return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
    },
  };
}

function Change({ value }: { value: number | null }) {
  const { t } = useTranslation();
  const f = useFormats();
  return (
    <p className="mt-1 text-xs text-slate-600" data-testid="change">
      {value === null ? t("content.analytics.noPrevious") : t("content.analytics.fromLastPeriod", { change: f.change(value) })}
    </p>
  );
}

function Card({ label, value, testId, children }: { label: string; value: string; testId: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid={testId}>
      <p className="text-sm font-medium text-slate-700">{label}</p>
      <p className="mt-1 text-3xl font-bold text-slate-900" data-testid={`${testId}-value`}>
        {value}
      </p>
      {children}
    </div>
  );
}

export default function Analytics() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const f = useFormats();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("content.analytics.title")}</h1>
      <section aria-labelledby="website-analytics" className="mt-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="website-analytics" className="text-xl font-semibold">
            {t("content.analytics.panel")}
          </h2>
          <nav aria-label={t("content.analytics.range")} className="flex gap-1 rounded-lg bg-slate-200 p-1">
            {ANALYTICS_RANGES.map((range) => (
              <Link
                key={range}
                to={`/analytics?range=${range}`}
                aria-current={data.range === range ? "page" : undefined}
                className="rounded-md px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-white/60 aria-[current=page]:bg-white aria-[current=page]:shadow-sm"
              >
                {t(`content.analytics.ranges.${range}`)}
              </Link>
            ))}
          </nav>
        </div>

        <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Card label={t("content.analytics.totalVisitors")} value={f.count(data.visitors.value)} testId="visitors">
            <Change value={data.visitors.change} />
          </Card>
          <Card label={t("content.analytics.pageViews")} value={f.count(data.pageViews.value)} testId="page-views">
            <Change value={data.pageViews.change} />
          </Card>
          <Card label={t("content.analytics.avgSession")} value={f.duration(data.avgSessionMs.value)} testId="avg-session">
            <Change value={data.avgSessionMs.change} />
          </Card>
          <Card label={t("content.analytics.realtime")} value={f.count(data.realtime)} testId="realtime">
            <p className="mt-1 text-xs text-slate-600">{t("content.analytics.currentlyOnline")}</p>
          </Card>
        </div>

        <div className="mt-6 grid gap-4 lg:grid-cols-2">
          <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="top-pages">
            <h3 className="font-semibold">{t("content.analytics.topPages")}</h3>
            {data.topPages.length === 0 ? (
              <p className="mt-3 text-sm text-slate-600">{t("content.analytics.noData")}</p>
            ) : (
              <ol className="mt-3 grid gap-2 text-sm">
                {data.topPages.map((page) => (
                  <li key={page.path} className="flex justify-between gap-3">
                    <span className="truncate font-mono">{page.path}</span>
                    <span className="font-semibold">{f.count(page.views)}</span>
                  </li>
                ))}
              </ol>
            )}
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="devices">
            <h3 className="font-semibold">{t("content.analytics.devices")}</h3>
            <ul className="mt-3 grid gap-3 text-sm">
              {data.devices.map((d) => (
                <li key={d.device}>
                  <div className="flex justify-between">
                    <span>{t(`content.analytics.device.${d.device}`)}</span>
                    <span className="font-semibold">{f.percent(d.percent)}</span>
                  </div>
                  <div className="mt-1 h-2 rounded-full bg-slate-200" role="presentation">
                    <div className="h-2 rounded-full bg-orange-700" style={{ width: `${Math.round(d.percent)}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="countries">
            <h3 className="font-semibold">{t("content.analytics.topCountries")}</h3>
            {data.countries.length === 0 ? (
              <p className="mt-3 text-sm text-slate-600">{t("content.analytics.noData")}</p>
            ) : (
              <ol className="mt-3 grid gap-2 text-sm">
                {data.countries.map((c) => (
                  <li key={c.country} className="flex justify-between gap-3">
                    <span>{countryName(c.country, i18n.language)}</span>
                    <span className="font-semibold">
                      {f.count(c.visitors)} · {f.percent(c.percent)}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </div>
          <Card label={t("content.analytics.bounceRate")} value={f.percent(data.bounceRate.value)} testId="bounce-rate">
            <p className="mt-1 text-xs text-slate-600">{t("content.analytics.lowerIsBetter")}</p>
            <Change value={data.bounceRate.change} />
          </Card>
        </div>
        <p className="mt-6 text-xs text-slate-600">{t("content.analytics.footnote")}</p>
      </section>
    </div>
  );
}

function countryName(code: string, locale: string) {
  try {
    return new Intl.DisplayNames(locale, { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}
