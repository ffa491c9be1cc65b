import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors, SubmitButton } from "~/components/ui/form";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { VerifyEmailSchema } from "~/lib/schemas";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { hashToken, TOKEN_PATTERN } from "~/lib/tokens.server";
import { redeemEmailToken } from "~/models/auth-tokens.server";
import { countAttempts, LIMITS } from "~/models/rate-limits.server";
import { getUser, requireUser } from "~/services/auth.server";
import { linkEmailStatements, sendAfterResponse } from "~/services/email.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

/**
 * The link from the verification e-mail opens a page with one button: the address is verified by
 * the POST, so a mail scanner that follows links does not use the token up.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { title: t("verify.title"), token: TOKEN_PATTERN.test(token) ? token : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseSubmission(request, VerifyEmailSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  if (submission.value.intent === "verify") {
    const { token } = submission.value;
    const outcome = TOKEN_PATTERN.test(token) ? await redeemEmailToken(context.db, await hashToken(token)) : "invalid";
    if (outcome === "invalid") return invalidSubmission(submission, { formErrors: ["verify.invalidLink"] }, 410);
    if (outcome === "taken") return invalidSubmission(submission, { formErrors: ["settings.account.emailTaken"] }, 409);
    const description = outcome === "changed" ? "settings.account.emailChanged" : "verify.done";
    // Sign-up does not sign in (an address's owner must not be told apart): a new member signs in next.
    const next = (await getUser(request, context)) ? "/" : "/auth";
    return redirectWithToast(context, next, { type: "success", title: "verify.doneTitle", description });
  }
  // A new link for the signed-in member, a few times an hour.
  const user = await requireUser(request, context);
  if (user.emailVerified)
    return redirectWithToast(context, "/", { type: "success", title: "verify.doneTitle", description: "verify.already" });
  if ((await countAttempts(context.db, [{ limit: LIMITS.verifyResendPerMember, subject: user.id }])).limited) {
    return invalidSubmission(submission, { formErrors: ["auth.tooManyAttempts"] }, 429);
  }
  const locale = await i18nServer.getLocale(request);
  await context.db.batch(await linkEmailStatements(context.db, context.env, "verify_email", user, locale));
  sendAfterResponse(context);
  return redirectWithToast(context, "/", { type: "success", title: "verify.sentTitle", description: "verify.sent" });
}

export default function VerifyEmail() {
  const { token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const errors = answer && "error" in answer && answer.error ? (answer.error[""] ?? undefined) : undefined;
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">{t("verify.title")}</h1>
        <FormErrors errors={errors} />
        {token ? (
          <Form method="post" className="mt-6 grid gap-4">
            <input type="hidden" name="token" value={token} />
            <p className="text-slate-700">{t("verify.text")}</p>
            <SubmitButton intent="verify" label={t("verify.button")} pendingLabel={t("auth.pleaseWait")} />
          </Form>
        ) : (
          <p className="mt-4 text-slate-700">{t("verify.invalidLink")}</p>
        )}
        <Link to="/" className="mt-6 inline-block font-semibold text-orange-800 hover:underline">
          {t("notFound.returnHome")}
        </Link>
      </div>
    </div>
  );
}
