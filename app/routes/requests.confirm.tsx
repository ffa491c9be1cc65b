import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors, SubmitButton } from "~/components/ui/form";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { ConfirmRequestSchema } from "~/lib/schemas";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { hashToken, TOKEN_PATTERN } from "~/lib/tokens.server";
import { countUnconfirmedRequests } from "~/models/inquiries.server";
import { confirmRequest, redirectToSent } from "~/services/requests.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

/**
 * The link from a visitor's confirmation e-mail opens a page with one button: the request goes to
 * its suppliers on the POST, so a mail scanner that follows links does not send it or use the
 * token. The page only reads how many suppliers the request goes to.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  const found = new URL(request.url).searchParams.get("token") ?? "";
  const token = TOKEN_PATTERN.test(found) ? found : null;
  const suppliers = token ? await countUnconfirmedRequests(context.db, await hashToken(token)) : 0;
  return { title: t("rfq.confirmPage.title"), token, suppliers: Math.max(1, suppliers) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseSubmission(request, ConfirmRequestSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const { token } = submission.value;
  const confirmed = TOKEN_PATTERN.test(token) ? await confirmRequest(context, await hashToken(token)) : null;
  if (!confirmed) return invalidSubmission(submission, { formErrors: ["rfq.confirmPage.invalidLink"] }, 410);
  return redirectToSent(context, confirmed);
}

export default function ConfirmRequest() {
  const { token, suppliers } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const errors = answer?.error?.[""] ?? undefined;
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">{t("rfq.confirmPage.title")}</h1>
        <FormErrors errors={errors} />
        {token ? (
          <Form method="post" className="mt-6 grid gap-4">
            <input type="hidden" name="token" value={token} />
            <p className="text-slate-700">{t("rfq.confirmPage.text", { count: suppliers })}</p>
            <SubmitButton label={t("rfq.confirmPage.button")} pendingLabel={t("auth.pleaseWait")} />
          </Form>
        ) : (
          <p className="mt-4 text-slate-700">{t("rfq.confirmPage.invalidLink")}</p>
        )}
        <Link to="/products" className="mt-6 inline-block font-semibold text-orange-800 hover:underline">
          {t("cart.browseProducts")}
        </Link>
      </div>
    </div>
  );
}
