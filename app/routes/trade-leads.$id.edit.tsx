import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LeadForm } from "~/components/leads/lead-form";
import { HiddenNotice } from "~/components/trust/hidden-notice";
import { invariantResponse } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { canReachOthers } from "~/lib/permissions";
import { TradeLeadEditSchema } from "~/lib/schemas";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { getOwnLead, updateOwnLead } from "~/models/trade-leads.server";
import { requireUser } from "~/services/auth.server";
import { writeLead } from "~/services/trade-leads.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const lead = await getOwnLead(context.db, user.id, params.id!);
  invariantResponse(lead, 404);
  const t = await i18nServer.getFixedT(request);
  return { title: t("leads.editTitle"), lead };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = await parseSubmission(request, TradeLeadEditSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  if (!canReachOthers(user)) return invalidSubmission(submission, { formErrors: ["verify.required"] }, 403);
  return writeLead(context, "updated", () => updateOwnLead(context.db, user.id, params.id!, submission.value));
}

export default function EditTradeLead() {
  const { lead } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <>
      {lead.hiddenReason && (
        <div className="mx-auto max-w-2xl px-4 pt-6">
          <HiddenNotice reason={lead.hiddenReason} />
        </div>
      )}
      <LeadForm mode="edit" defaults={lead} lastResult={lastResult} />
    </>
  );
}
