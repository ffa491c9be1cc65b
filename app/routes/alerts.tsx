import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors, SubmitButton } from "~/components/ui/form";
import { SAVED_SEARCHES_MAX } from "~/lib/constants";
import { formatDate } from "~/lib/format";
import { allMessages } from "~/lib/forms";
import { invariantResponse } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { savedFilters } from "~/lib/product-filters";
import { AlertsFormSchema } from "~/lib/schemas";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { countAttempts, LIMITS } from "~/models/rate-limits.server";
import {
  deleteSavedSearch,
  describeSavedSearch,
  listSavedSearches,
  saveSearch,
  setSavedSearchPaused,
} from "~/models/saved-searches.server";
import { requireUser } from "~/services/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

/** The member's trade alerts: each saved search, what it watches, and whether it is paused. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [t, alerts] = await Promise.all([i18nServer.getFixedT(request), listSavedSearches(context.db, user.id)]);
  return {
    title: t("alerts.title"),
    alerts: alerts.map((a) => ({
      id: a.id,
      name: describeSavedSearch(t, a),
      paused: a.pausedAt !== null,
      createdAt: a.createdAt,
      scope: a.scope,
    })),
  };
}

/** "Save this search" from /products and /trade-leads, and each alert's pause, resume and delete. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = await parseSubmission(request, AlertsFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const value = submission.value;
  if (value.intent === "save") {
    if ((await countAttempts(context.db, [{ limit: LIMITS.savedSearchesPerMember, subject: user.id }])).limited) {
      return invalidSubmission(submission, { formErrors: ["forum.tooMany"] }, 429);
    }
    const input =
      value.scope === "products"
        ? {
            scope: value.scope,
            search: value.search ?? null,
            category: value.category ?? null,
            leadType: null,
            filters: savedFilters(value.filters),
          }
        : { scope: value.scope, search: null, category: value.category ?? null, leadType: value.leadType ?? null, filters: null };
    const saved = await saveSearch(context.db, user.id, input);
    if (saved === "full") return invalidSubmission(submission, { formErrors: ["alerts.full"] }, 409);
    return redirectWithToast(context, "/alerts", {
      type: "success",
      title: "alerts.savedTitle",
      description: saved === "saved" ? "alerts.saved" : "alerts.exists",
    });
  }
  const done =
    value.intent === "delete"
      ? await deleteSavedSearch(context.db, user.id, value.id)
      : await setSavedSearchPaused(context.db, user.id, value.id, value.intent === "pause");
  invariantResponse(done, 404);
  return redirectWithToast(context, "/alerts", { type: "success", title: "auth.successTitle", description: `alerts.done.${value.intent}` });
}

export default function Alerts() {
  const { alerts } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t("alerts.title")}</h1>
      <p className="mt-2 text-slate-700">{t("alerts.text", { max: SAVED_SEARCHES_MAX })}</p>
      <FormErrors errors={allMessages(answer)} />
      {alerts.length === 0 ? (
        <p className="mt-6 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
          {t("alerts.none")}{" "}
          <Link to="/products" className="font-semibold text-orange-800 hover:underline">
            {t("nav.products")}
          </Link>{" "}
          ·{" "}
          <Link to="/trade-leads" className="font-semibold text-orange-800 hover:underline">
            {t("nav.tradeLeads")}
          </Link>
        </p>
      ) : (
        <ul className="mt-6 grid gap-2">
          {alerts.map((alert) => (
            <li
              key={alert.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4"
              data-testid="alert"
            >
              <div>
                <p className="font-semibold">{alert.name}</p>
                <p className="text-sm text-slate-600">
                  {t(alert.scope === "products" ? "alerts.scope.products" : "alerts.scope.leads")} ·{" "}
                  {formatDate(alert.createdAt, i18n.language)}
                  {alert.paused && <span className="ml-2 font-semibold text-slate-800">{t("alerts.paused")}</span>}
                </p>
              </div>
              <div className="flex gap-2">
                <Form method="post">
                  <input type="hidden" name="id" value={alert.id} />
                  <SubmitButton
                    intent={alert.paused ? "resume" : "pause"}
                    label={t(alert.paused ? "alerts.resume" : "alerts.pause")}
                    pendingLabel={t("auth.pleaseWait")}
                    className="px-4"
                  />
                </Form>
                <Form method="post">
                  <input type="hidden" name="id" value={alert.id} />
                  <SubmitButton intent="delete" label={t("alerts.delete")} pendingLabel={t("auth.pleaseWait")} className="px-4" />
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
