import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/lib/format";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { listContactMessages } from "~/models/contact.server";
import { requireAdmin } from "~/services/auth.server";

const SHOWN = 100;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const [t, messages] = await Promise.all([i18nServer.getFixedT(request), listContactMessages(context.db, SHOWN)]);
  return { title: t("admin.messagesTitle"), messages };
}

export default function AdminMessages() {
  const { messages } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t("admin.messagesTitle")}</h1>
      {messages.length === 0 ? (
        <p className="mt-6 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t("admin.noMessages")}</p>
      ) : (
        <ul className="mt-6 grid gap-3">
          {messages.map((m) => (
            <li key={m.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="contact-message">
              <p className="font-semibold">
                {m.name} ·{" "}
                <a className="text-orange-800 hover:underline" href={`mailto:${m.email}`}>
                  {m.email}
                </a>
              </p>
              <p className="text-sm text-slate-600">
                {[m.companyName, m.phone, m.country, t(`membership.${m.businessActivity}`), formatDate(m.createdAt, i18n.language)]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
              <p className="mt-2 whitespace-pre-line text-slate-800">{m.message}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
