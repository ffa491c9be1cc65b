import { type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthorName, BackLink } from "~/components/forum/forum-header";
import { HiddenNotice } from "~/components/trust/hidden-notice";
import { Pagination } from "~/components/ui/pagination";
import { formatDate } from "~/lib/format";
import { pageFrom } from "~/lib/url";
import { listOwnMessages, type Box } from "~/models/messages.server";
import { requireMessagingMember } from "~/services/forum.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireMessagingMember(request, context);
  const url = new URL(request.url);
  const box: Box = url.searchParams.get("box") === "sent" ? "sent" : "inbox";
  const page = pageFrom(url);
  const { messages, pages } = await listOwnMessages(context.db, user.id, box, page);
  return { box, messages, page, pages };
}

export default function Messages() {
  const { box, messages, page, pages } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const tabs = [
    { key: "inbox", to: "/messages", label: t("forum.messages.inbox") },
    { key: "sent", to: "/messages?box=sent", label: t("forum.messages.sent") },
  ];
  return (
    <section aria-labelledby="messages-title">
      <BackLink to="/forum" label={t("forum.backToCategories")} />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="messages-title" className="text-2xl font-semibold">
          {t("forum.messages.title")}
        </h2>
        <Link to="/messages/new" className="rounded-md bg-orange-700 px-5 py-2 font-semibold text-white hover:bg-orange-800">
          {t("forum.messages.compose")}
        </Link>
      </div>
      <nav aria-label={t("forum.messages.boxes")} className="mt-4 grid grid-cols-2 gap-1 rounded-lg bg-slate-200 p-1 sm:w-80">
        {tabs.map((tab) => (
          <Link
            key={tab.key}
            to={tab.to}
            aria-current={box === tab.key ? "page" : undefined}
            className="rounded-md px-2 py-2 text-center text-sm font-semibold text-slate-800 hover:bg-white/60 aria-[current=page]:bg-white aria-[current=page]:shadow-sm"
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {messages.length === 0 ? (
        <p className="mt-4 rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-700">
          {box === "inbox" ? t("forum.messages.emptyInbox") : t("forum.messages.emptySent")}
        </p>
      ) : (
        <ul className="mt-4 grid gap-2" data-testid="message-list">
          {messages.map((message) => {
            const unread = box === "inbox" && !message.isRead;
            return (
              <li
                key={message.id}
                className={`rounded-lg border bg-white p-4 ${unread ? "border-orange-400" : "border-slate-200"}`}
                data-testid="message-row"
                data-unread={unread || undefined}
              >
                <div className="flex flex-wrap items-center gap-2">
                  {unread && (
                    <span className="rounded-full bg-orange-700 px-2 py-0.5 text-xs font-bold text-white">
                      {t("forum.messages.unread")}
                    </span>
                  )}
                  <Link
                    to={`/messages/${message.id}`}
                    className={`break-words text-slate-900 hover:text-orange-800 hover:underline ${unread ? "font-bold" : "font-medium"}`}
                  >
                    {message.subject}
                  </Link>
                </div>
                <HiddenNotice reason={message.hiddenReason} className="mt-2" />
                <p className="mt-1 text-sm text-slate-600">
                  {box === "inbox" ? t("forum.messages.from") : t("forum.messages.to")}{" "}
                  <AuthorName name={message.otherName} company={message.otherCompany} />
                  {" · "}
                  {formatDate(message.createdAt, i18n.language)}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={page} pages={pages} />
    </section>
  );
}
