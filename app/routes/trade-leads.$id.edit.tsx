import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LeadForm } from "~/components/leads/lead-form";
import { requireUser } from "~/lib/auth.server";
import { i18nServer } from "~/lib/i18n.server";
import { writeLead } from "~/lib/leads.server";
import { pageMeta } from "~/lib/meta";
import { TradeLeadEditSchema } from "~/lib/schemas";
import { getOwnLead, updateOwnLead } from "~/models/trade-leads.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const lead = await getOwnLead(context.db, user.id, params.id!);
  if (!lead) throw json(null, { status: 404 });
  const t = await i18nServer.getFixedT(request);
  return json({ title: t("leads.editTitle"), lead });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: TradeLeadEditSchema });
  return writeLead(context, submission, "updated", (value) =>
    updateOwnLead(context.db, user.id, params.id!, { ...value, leadType: value.leadType ?? "buy" }),
  );
}

export default function EditTradeLead() {
  const { lead } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return <LeadForm mode="edit" defaults={lead} lastResult={lastResult} />;
}
