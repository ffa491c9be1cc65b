import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors, SubmitButton } from "~/components/ui/form";
import { NOTIFICATION_DELIVERIES } from "~/lib/constants";
import { submissionResult } from "~/lib/forms";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { NotificationSettingsSchema } from "~/lib/schemas";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getNotificationSettings, saveNotificationSettings } from "~/models/notifications.server";
import { requireUser } from "~/services/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

/** How each kind of notification reaches the member by e-mail: at once, in the daily digest, or not at all. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [t, settings] = await Promise.all([i18nServer.getFixedT(request), getNotificationSettings(context.db, user.id)]);
  return { title: t("settings.notifications.title"), settings };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = await parseSubmission(request, NotificationSettingsSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  await saveNotificationSettings(context.db, user.id, submission.value);
  return redirectWithToast(context, "/settings/notifications", {
    type: "success",
    title: "auth.successTitle",
    description: "settings.notifications.saved",
  });
}

export default function NotificationSettings() {
  const { settings } = useLoaderData<typeof loader>();
  const answer = submissionResult(useActionData<typeof action>());
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("settings.notifications.title")}</h1>
        <Link to="/settings" className="text-sm font-semibold text-orange-800 hover:underline">
          {t("settings.account.title")}
        </Link>
      </div>
      <p className="mt-2 text-slate-700">{t("settings.notifications.text")}</p>
      <Form method="post" className="mt-6 grid gap-3">
        <FormErrors errors={answer?.error?.[""] ?? undefined} />
        {settings.map(({ kind, delivery }) => (
          <fieldset key={kind} className="rounded-lg border border-slate-200 bg-white p-4">
            <legend className="px-1 font-semibold">{t(`settings.notifications.kinds.${kind}`)}</legend>
            <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
              {NOTIFICATION_DELIVERIES.map((option) => (
                <label key={option} className="inline-flex items-center gap-2 text-slate-800">
                  <input
                    type="radio"
                    name={kind}
                    value={option}
                    defaultChecked={delivery === option}
                    className="h-4 w-4 accent-orange-700"
                  />
                  {t(`settings.notifications.delivery.${option}`)}
                </label>
              ))}
            </div>
            {answer?.error?.[kind] && (
              <p className="mt-1 text-sm text-red-700" role="alert">
                {t(answer.error[kind]![0])}
              </p>
            )}
          </fieldset>
        ))}
        <SubmitButton label={t("settings.notifications.save")} pendingLabel={t("auth.pleaseWait")} className="justify-self-start px-6" />
      </Form>
    </div>
  );
}
