import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/ui/form";
import { formatDate } from "~/lib/format";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { notificationLabel } from "~/lib/notifications";
import { NotificationsActionSchema } from "~/lib/schemas";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { listNotifications, markAllRead } from "~/models/notifications.server";
import { requireUser } from "~/services/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

/** What happened that the member should know, newest first; the bell in the header counts the unread. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [t, { rows, unread }] = await Promise.all([i18nServer.getFixedT(request), listNotifications(context.db, user.id)]);
  return { title: t("notifications.title"), rows, unread };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = await parseSubmission(request, NotificationsActionSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  await markAllRead(context.db, user.id);
  return redirect("/notifications");
}

export default function Notifications() {
  const { rows, unread } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t("notifications.title")}</h1>
          <Link to="/settings/notifications" className="text-sm font-semibold text-orange-800 hover:underline">
            {t("settings.notifications.title")}
          </Link>
        </div>
        {unread > 0 && (
          <Form method="post">
            <SubmitButton
              intent="markAllRead"
              label={t("notifications.markAllRead")}
              pendingLabel={t("auth.pleaseWait")}
              className="px-5"
            />
          </Form>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="mt-6 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t("notifications.none")}</p>
      ) : (
        <ul className="mt-6 grid gap-2">
          {rows.map((n) => (
            <li
              key={n.id}
              className={`rounded-lg border bg-white p-4 ${n.readAt ? "border-slate-200" : "border-orange-400"}`}
              data-testid="notification"
            >
              <Link to={n.link} className="font-semibold text-orange-800 hover:underline">
                {notificationLabel(t, n.kind, n.data, i18n.language)}
              </Link>
              <p className="text-sm text-slate-600">
                {!n.readAt && <span className="mr-2 font-semibold text-orange-800">{t("notifications.unread")}</span>}
                {formatDate(n.createdAt, i18n.language)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
