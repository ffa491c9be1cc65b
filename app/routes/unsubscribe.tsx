import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/ui/form";
import { invariantResponse } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { UnsubscribeSchema } from "~/lib/schemas";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { subscriptionOf, unsubscribe } from "~/services/email.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

/** What the topic stops, as the page says it. */
function topicKey(topic: string) {
  if (topic.startsWith("alert:")) return "unsubscribe.topics.alert";
  if (topic === "digest") return "unsubscribe.topics.digest";
  return `settings.notifications.kinds.${topic.slice("notification:".length)}`;
}

/**
 * The token of the link: in the query, which `wrangler dev`'s request log, our error log and the
 * page views we record leave out (they keep the path).
 */
function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get("token") ?? "";
}

/**
 * The unsubscribe link of a notification, a digest or a trade alert (`/unsubscribe?token=…`),
 * signed with the message's id: it works without signing in. Opening it asks first (mail scanners
 * follow links); a mail client's one-click POST to the same address (List-Unsubscribe-Post,
 * RFC 8058) and the page's button both stop it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const subscription = await subscriptionOf(context.db, context.env.SESSION_SECRET, tokenOf(request));
  invariantResponse(subscription, 404);
  const t = await i18nServer.getFixedT(request);
  return { title: t("unsubscribe.title"), what: topicKey(subscription.topic) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseSubmission(request, UnsubscribeSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const subscription = await subscriptionOf(context.db, context.env.SESSION_SECRET, tokenOf(request));
  invariantResponse(subscription, 404);
  await unsubscribe(context.db, subscription);
  return { done: true };
}

export default function Unsubscribe() {
  const { what } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const done = !!answer && "done" in answer;
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">{t("unsubscribe.title")}</h1>
        <p className="mt-4 text-slate-700">{t("unsubscribe.what", { what: t(what) })}</p>
        {done ? (
          <p className="mt-4 font-semibold text-green-800" role="status">
            {t("unsubscribe.done")}
          </p>
        ) : (
          <Form method="post" className="mt-6">
            <SubmitButton intent="unsubscribe" label={t("unsubscribe.button")} pendingLabel={t("auth.pleaseWait")} />
          </Form>
        )}
        <Link to="/settings/notifications" className="mt-6 inline-block font-semibold text-orange-800 hover:underline">
          {t("unsubscribe.settings")}
        </Link>
      </div>
    </div>
  );
}
