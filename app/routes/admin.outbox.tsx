import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors, SubmitButton } from "~/components/ui/form";
import { Pagination } from "~/components/ui/pagination";
import { OUTBOX_PAGE_SIZE } from "~/lib/constants";
import { formatDate } from "~/lib/format";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { OutboxActionSchema } from "~/lib/schemas";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { pageFrom } from "~/lib/url";
import { getOutboxMessage, listOutbox } from "~/models/outbox.server";
import { requireAdmin } from "~/services/auth.server";
import { maskedMessage } from "~/services/email.server";
import { runScheduledWork } from "~/services/scheduled.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

/**
 * Every e-mail the site sent or will send, as its recipient reads it (text, HTML, headers), except
 * its tokens: the links' and the unsubscribe link's are masked (decision record 0020).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const page = pageFrom(url);
  const id = url.searchParams.get("id");
  const [t, { rows, total }, open] = await Promise.all([
    i18nServer.getFixedT(request),
    listOutbox(context.db, page, OUTBOX_PAGE_SIZE),
    id && id.length <= 64 ? getOutboxMessage(context.db, id) : null,
  ]);
  const shown = open && {
    toEmail: open.toEmail,
    language: open.language,
    status: open.status,
    ...maskedMessage({ ...open, to: open.toEmail }, t("outbox.hiddenToken")),
  };
  return { title: t("outbox.title"), rows, page, pages: Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE)), open: shown };
}

/** 'Send due e-mails now': what the ten-minute cron runs (digests, trade alerts, due e-mails), without waiting for it. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const submission = await parseSubmission(request, OutboxActionSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  await runScheduledWork(context.env, context.db);
  return redirectWithToast(context, "/admin/outbox", { type: "success", title: "outbox.ranTitle", description: "outbox.ran" });
}

export default function AdminOutbox() {
  const { rows, page, pages, open } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("outbox.title")}</h1>
        <Form method="post">
          <SubmitButton intent="sendDue" label={t("outbox.sendDue")} pendingLabel={t("auth.pleaseWait")} className="px-5" />
        </Form>
      </div>
      <p className="mt-1 text-slate-700">{t("outbox.text")}</p>
      <FormErrors errors={answer && "error" in answer && answer.error ? (answer.error[""] ?? undefined) : undefined} />
      {open && (
        <article className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="outbox-message">
          <h2 className="text-lg font-semibold">{open.subject}</h2>
          <p className="text-sm text-slate-700">
            {t("outbox.to")}: {open.toEmail} · {open.language} · {t(`outbox.status.${open.status}`)}
          </p>
          {Object.keys(open.headers).length > 0 && (
            <pre className="mt-2 whitespace-pre-wrap text-xs text-slate-700" data-testid="outbox-headers">
              {Object.entries(open.headers)
                .map(([name, value]) => `${name}: ${value}`)
                .join("\n")}
            </pre>
          )}
          <h3 className="mt-4 text-sm font-semibold text-slate-800">{t("outbox.textPart")}</h3>
          <pre className="mt-1 whitespace-pre-wrap rounded-md bg-slate-50 p-3 text-sm text-slate-900" data-testid="outbox-text">
            {open.text}
          </pre>
          <h3 className="mt-4 text-sm font-semibold text-slate-800">{t("outbox.htmlPart")}</h3>
          <iframe
            title={t("outbox.htmlPart")}
            sandbox=""
            srcDoc={open.html}
            className="mt-1 h-64 w-full rounded-md border border-slate-200 bg-white"
            data-testid="outbox-html"
          />
        </article>
      )}
      {rows.length === 0 ? (
        <p className="mt-6 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t("outbox.none")}</p>
      ) : (
        <table className="mt-6 w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th className="py-2 pr-3 font-medium">{t("outbox.to")}</th>
              <th className="py-2 pr-3 font-medium">{t("outbox.subject")}</th>
              <th className="py-2 pr-3 font-medium">{t("outbox.statusLabel")}</th>
              <th className="py-2 font-medium">{t("outbox.date")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-slate-200" data-testid="outbox-row">
                <td className="py-2 pr-3">{row.toEmail}</td>
                <td className="py-2 pr-3">
                  <Link to={`/admin/outbox?id=${row.id}${page > 1 ? `&page=${page}` : ""}`} className="text-orange-800 underline">
                    {row.subject}
                  </Link>
                </td>
                <td className="py-2 pr-3">
                  {t(`outbox.status.${row.status}`)} · {t("outbox.attempts", { count: row.attempts })}
                </td>
                <td className="py-2">{formatDate(row.createdAt, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={page} pages={pages} />
    </div>
  );
}
