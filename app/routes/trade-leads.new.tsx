import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LeadForm } from "~/components/leads/lead-form";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { canReachOthers } from "~/lib/permissions";
import { TradeLeadSchema } from "~/lib/schemas";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { countAttempt, LIMITS } from "~/models/rate-limits.server";
import { createLead } from "~/models/trade-leads.server";
import { requireUser } from "~/services/auth.server";
import { writeLead } from "~/services/trade-leads.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const t = await i18nServer.getFixedT(request);
  // 'Post RFQ' opens this screen as a buy request; ?type=sell starts a sell offer.
  const leadType = new URL(request.url).searchParams.get("type") === "sell" ? "sell" : "buy";
  return { title: t("leads.createTitle"), leadType } as const;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = await parseSubmission(request, TradeLeadSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  if (!canReachOthers(user)) return invalidSubmission(submission, { formErrors: ["verify.required"] }, 403);
  const attempt = await countAttempt(context.db, LIMITS.leadsPerMember, user.id);
  if (attempt.limited) return invalidSubmission(submission, { formErrors: ["leads.tooMany"] }, 429);
  return writeLead(context, "created", async () => !!(await createLead(context.db, user.id, submission.value)));
}

export default function NewTradeLead() {
  const { leadType } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return <LeadForm mode="create" defaults={{ leadType }} lastResult={lastResult} />;
}
