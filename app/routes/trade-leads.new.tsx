import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LeadForm } from "~/components/leads/lead-form";
import { requireUser } from "~/lib/auth.server";
import { i18nServer } from "~/lib/i18n.server";
import { writeLead } from "~/lib/leads.server";
import { pageMeta } from "~/lib/meta";
import { countAttempt, LIMITS } from "~/lib/rate-limit.server";
import { TradeLeadSchema } from "~/lib/schemas";
import { createLead } from "~/models/trade-leads.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const t = await i18nServer.getFixedT(request);
  // 'Post RFQ' opens this screen as a buy request; ?type=sell starts a sell offer.
  const leadType = new URL(request.url).searchParams.get("type") === "sell" ? "sell" : "buy";
  return json({ title: t("leads.createTitle"), leadType } as const);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: TradeLeadSchema });
  if (submission.status === "success") {
    const attempt = await countAttempt(context, LIMITS.leadsPerMember, user.id);
    if (attempt.limited) return json(submission.reply({ formErrors: ["leads.tooMany"] }), { status: 429 });
  }
  return writeLead(context, submission, "created", async (value) => !!(await createLead(context.db, user.id, { ...value, leadType: value.leadType ?? "buy" })));
}

export default function NewTradeLead() {
  const { leadType } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return <LeadForm mode="create" defaults={{ leadType }} lastResult={lastResult} />;
}
