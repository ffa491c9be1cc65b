import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export type ForumBadge = "adminAccess" | "adminTestMode" | "premiumMember";

const BADGE_CLASS: Record<ForumBadge, string> = {
  adminAccess: "bg-red-100 text-red-900",
  adminTestMode: "bg-amber-100 text-amber-900",
  premiumMember: "bg-orange-100 text-orange-900",
};

/** The forum's title bar on every level: title, the viewer's badge and the Messages button with unread count. */
export function ForumHeader({ badge, unread }: { badge: ForumBadge; unread: number }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold">{t("forum.title")}</h1>
        <p className="mt-1 text-slate-700">{t("forum.subtitle")}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${BADGE_CLASS[badge]}`} data-testid="forum-badge">
          {t(`forum.badge.${badge}`)}
        </span>
        <Link
          to="/messages"
          className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t("forum.messagesButton")}
          {unread > 0 && (
            <span
              className="min-w-6 rounded-full bg-red-700 px-1.5 text-center text-xs font-bold leading-6 text-white"
              data-testid="unread-count"
            >
              {unread}
              <span className="sr-only"> {t("forum.messages.unreadLabel", { count: unread })}</span>
            </span>
          )}
        </Link>
      </div>
    </div>
  );
}

/** A back link to the previous level. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="text-sm font-medium text-orange-800 hover:underline" data-testid="back-link">
      ← {label}
    </Link>
  );
}

/** A post or message body: plain text, line breaks kept; React escapes it, nothing runs. */
export function PlainText({ text, className = "" }: { text: string; className?: string }) {
  return <div className={`whitespace-pre-wrap break-words text-slate-800 ${className}`}>{text}</div>;
}

/** The name a post or message shows for its author, 'Unknown User' when the profile is gone. */
export function AuthorName({ name, company }: { name: string | null; company: string | null }) {
  const { t } = useTranslation();
  return (
    <span>
      <span className="font-semibold text-slate-900">{name ?? t("forum.unknownUser")}</span>
      {name && company && <span className="text-slate-600"> · {company}</span>}
    </span>
  );
}
