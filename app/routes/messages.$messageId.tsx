import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthorName, BackLink, PlainText } from "~/components/forum/forum-header";
import { HiddenNotice } from "~/components/trust/hidden-notice";
import { ReportLink } from "~/components/trust/report-link";
import { formatDate } from "~/lib/format";
import { invariantResponse } from "~/lib/http";
import { pageMeta } from "~/lib/meta";
import { canSeeContent } from "~/lib/permissions";
import { openOwnMessage } from "~/models/messages.server";
import { requireMessagingMember } from "~/services/forum.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.message.subject);

/** One of the member's messages (404 for anyone else's); opening it marks it read for its receiver. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireMessagingMember(request, context);
  const { user } = viewer;
  const message = await openOwnMessage(context.db, user.id, params.messageId!);
  invariantResponse(message && canSeeContent(viewer, { hiddenReason: message.hiddenReason, authorId: message.senderId }), 404);
  const received = message.receiverId === user.id;
  const { senderId, receiverId: _receiverId, ...shown } = message;
  return { message: shown, received, replyTo: received && senderId !== user.id ? message.id : null };
}

export default function MessageView() {
  const { message, received, replyTo } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <article aria-labelledby="message-title">
      <BackLink to={received ? "/messages" : "/messages?box=sent"} label={t("forum.messages.backToMessages")} />
      <div className="mt-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="message-title" className="break-words text-2xl font-semibold">
          {message.subject}
        </h2>
        <HiddenNotice reason={message.hiddenReason} className="mt-2" />
        <dl className="mt-2 grid gap-1 text-sm text-slate-600">
          <div>
            <dt className="inline font-medium">{t("forum.messages.from")} </dt>
            <dd className="inline">
              <AuthorName name={message.senderName} company={message.senderCompany} />
            </dd>
          </div>
          <div>
            <dt className="inline font-medium">{t("forum.messages.to")} </dt>
            <dd className="inline">
              <AuthorName name={message.receiverName} company={message.receiverCompany} />
            </dd>
          </div>
          <div>
            <dt className="inline font-medium">{t("forum.messages.date")} </dt>
            <dd className="inline">{formatDate(message.createdAt, i18n.language)}</dd>
          </div>
        </dl>
        <PlainText text={message.content} className="mt-4" />
        {replyTo && <ReportLink type="message" id={message.id} className="mt-2 inline-block" />}
        {replyTo && (
          <Link
            to={`/messages/new?reply=${replyTo}`}
            className="mt-6 inline-block rounded-md bg-orange-700 px-5 py-2 font-semibold text-white hover:bg-orange-800"
          >
            {t("forum.messages.reply")}
          </Link>
        )}
      </div>
    </article>
  );
}
