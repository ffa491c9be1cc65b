import { getFormProps, getTextareaProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthorName, BackLink, PlainText } from "~/components/forum/forum-header";
import { HiddenNotice } from "~/components/trust/hidden-notice";
import { ReportLink } from "~/components/trust/report-link";
import { Field, FormErrors, inputClass, SubmitButton } from "~/components/ui/form";
import { Pagination } from "~/components/ui/pagination";
import { FORUM_POST_MAX, FORUM_REPLIES_PAGE_SIZE } from "~/lib/constants";
import { formatDate } from "~/lib/format";
import { useSchemaForm } from "~/lib/forms";
import { TopicActionSchema, TopicReplySchema } from "~/lib/forum-schemas";
import { invariantResponse } from "~/lib/http";
import { pageMeta } from "~/lib/meta";
import { canModerateForum, canReachOthers, canSeeContent } from "~/lib/permissions";
import { siteUrl } from "~/lib/site";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { pageFrom } from "~/lib/url";
import { createReply, openTopic, setTopicFlag } from "~/models/forum.server";
import { countAttempt, LIMITS } from "~/models/rate-limits.server";
import { sendAfterResponse } from "~/services/email.server";
import { requireForumViewer } from "~/services/forum.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.topic.title);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireForumViewer(request, context);
  const page = pageFrom(new URL(request.url));
  const opened = await openTopic(context.db, params.topicId!, page);
  invariantResponse(opened && canSeeContent(viewer, { hiddenReason: opened.topic.hiddenReason, authorId: opened.topic.userId }), 404);
  const { topic, replies, pages } = opened;
  const { userId, ...shown } = topic;
  return {
    topic: shown,
    replies: replies
      .filter((reply) => canSeeContent(viewer, { hiddenReason: reply.hiddenReason, authorId: reply.userId }))
      .map(({ userId: _author, ...reply }) => reply),
    page,
    pages,
    replyState: topic.isLocked ? "locked" : viewer.poster ? "form" : "signIn",
    moderate: canModerateForum(viewer),
    // Admin test mode only: what the admin needs to check the forum's state.
    debug: viewer.testMode
      ? {
          topicId: topic.id,
          categoryId: topic.categoryId,
          authorId: userId,
          postingAs: viewer.poster?.id ?? null,
          postingAsName: viewer.poster ? `${viewer.poster.fullName} (${viewer.poster.companyName ?? ""})` : null,
          repliesCount: topic.repliesCount,
          repliesOnPage: replies.length,
          viewsCount: topic.viewsCount,
          isPinned: topic.isPinned,
          isLocked: topic.isLocked,
          admin: viewer.admin,
          testMode: viewer.testMode,
        }
      : null,
  } as const;
}

const MODERATION = {
  pin: { flag: "isPinned", value: true },
  unpin: { flag: "isPinned", value: false },
  lock: { flag: "isLocked", value: true },
  unlock: { flag: "isLocked", value: false },
} as const;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireForumViewer(request, context);
  const submission = await parseSubmission(request, TopicActionSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const topicUrl = `/forum/topic/${encodeURIComponent(params.topicId!)}`;
  const { value } = submission;

  if (value.intent !== "reply") {
    if (!canModerateForum(viewer)) return invalidSubmission(submission, { formErrors: ["forum.adminOnly"] }, 403);
    const { flag, value: on } = MODERATION[value.intent];
    invariantResponse(await setTopicFlag(context.db, params.topicId!, flag, on), 404);
    return redirectWithToast(context, topicUrl, {
      type: "success",
      title: "forum.successTitle",
      description: `forum.moderation.${value.intent}`,
    });
  }

  if (!viewer.poster) return invalidSubmission(submission, { formErrors: ["forum.authRequiredReply"] }, 403);
  if (!canReachOthers(viewer.poster)) return invalidSubmission(submission, { formErrors: ["verify.required"] }, 403);
  const attempt = await countAttempt(context.db, LIMITS.forumRepliesPerMember, viewer.poster.id);
  if (attempt.limited) return invalidSubmission(submission, { formErrors: ["forum.tooMany"] }, 429);
  const result = await createReply(
    context.db,
    { topicId: params.topicId!, userId: viewer.poster.id, content: value.content },
    siteUrl(context.env),
  );
  if (result.outcome === "posted") sendAfterResponse(context);
  if (result.outcome === "locked") return invalidSubmission(submission, { formErrors: ["forum.topicLocked"] }, 403);
  invariantResponse(result.outcome === "posted", 404);
  const lastPage = Math.max(1, Math.ceil(result.repliesCount / FORUM_REPLIES_PAGE_SIZE));
  return redirectWithToast(context, lastPage > 1 ? `${topicUrl}?page=${lastPage}` : topicUrl, {
    type: "success",
    title: "forum.successTitle",
    description: "forum.replyPosted",
  });
}

export default function ForumTopic() {
  const { topic, replies, page, pages, replyState, moderate, debug } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <article aria-labelledby="topic-title">
      <BackLink to={`/forum/${topic.categoryId}`} label={t("forum.backToCategory", { name: topic.categoryName })} />
      <div className="mt-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex flex-wrap items-center gap-2">
          {topic.isPinned && (
            <span className="rounded-full bg-orange-100 px-2.5 py-0.5 text-xs font-semibold text-orange-900">{t("forum.pinned")}</span>
          )}
          {topic.isLocked && (
            <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">{t("forum.locked")}</span>
          )}
        </div>
        <h2 id="topic-title" className="mt-1 break-words text-2xl font-semibold">
          {topic.title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          <AuthorName name={topic.authorName} company={topic.authorCompany} />
          {" · "}
          {formatDate(topic.createdAt, i18n.language)}
          {" · "}
          {t("forum.viewCount", { count: topic.viewsCount })}
        </p>
        <HiddenNotice reason={topic.hiddenReason} className="mt-4" />
        <PlainText text={topic.content} className="mt-4" />
        <ReportLink type="topic" id={topic.id} className="mt-2 inline-block" />
        {moderate && <Moderation isPinned={topic.isPinned} isLocked={topic.isLocked} />}
      </div>

      {debug && (
        <aside
          className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm"
          data-testid="admin-debug"
          aria-labelledby="debug-title"
        >
          <h3 id="debug-title" className="font-semibold text-amber-900">
            {t("forum.debug.title")}
          </h3>
          <dl className="mt-2 grid gap-x-6 gap-y-1 font-mono text-xs text-slate-800 sm:grid-cols-2">
            {Object.entries(debug).map(([key, value]) => (
              <div key={key} className="break-all">
                <dt className="inline font-semibold">{key}: </dt>
                <dd className="inline">{String(value)}</dd>
              </div>
            ))}
          </dl>
        </aside>
      )}

      <section aria-labelledby="replies-title" className="mt-8">
        <h3 id="replies-title" className="text-lg font-semibold">
          {t("forum.replyCount", { count: topic.repliesCount })}
        </h3>
        {replies.length === 0 ? (
          <p className="mt-3 text-slate-700">{t("forum.noReplies")}</p>
        ) : (
          <ol className="mt-3 grid gap-3" data-testid="reply-list">
            {replies.map((reply) => (
              <li key={reply.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="reply">
                <p className="text-sm text-slate-600">
                  <AuthorName name={reply.authorName} company={reply.authorCompany} />
                  {" · "}
                  {formatDate(reply.createdAt, i18n.language)}
                </p>
                <HiddenNotice reason={reply.hiddenReason} className="mt-2" />
                <PlainText text={reply.content} className="mt-2" />
                <ReportLink type="reply" id={reply.id} className="mt-1 inline-block" />
              </li>
            ))}
          </ol>
        )}
        <Pagination page={page} pages={pages} />
      </section>

      <div className="mt-8">
        {replyState === "locked" ? (
          <p className="rounded-md border border-slate-300 bg-slate-100 p-4 text-slate-800" data-testid="topic-locked">
            {t("forum.topicLocked")}
          </p>
        ) : replyState === "signIn" ? (
          <div className="rounded-md border border-slate-300 bg-white p-4" data-testid="reply-sign-in">
            <p className="text-slate-800">{t("forum.signInToReply")}</p>
            <Link
              to={`/auth?redirectTo=${encodeURIComponent(`/forum/topic/${topic.id}`)}`}
              className="mt-3 inline-block rounded-md bg-orange-700 px-5 py-2 font-semibold text-white hover:bg-orange-800"
            >
              {t("forum.access.signIn")}
            </Link>
          </div>
        ) : (
          // A new reply changes the count: the form starts empty again (with JavaScript on it is not reloaded).
          <ReplyForm key={topic.repliesCount} />
        )}
      </div>
    </article>
  );
}

function ReplyForm() {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(TopicReplySchema, { id: "reply", lastResult: useActionData<typeof action>() });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field field={fields.content} label={t("forum.fields.reply")}>
        <textarea {...getTextareaProps(fields.content)} maxLength={FORUM_POST_MAX} rows={4} className={inputClass} />
      </Field>
      <SubmitButton label={t("forum.postReply")} pendingLabel={t("forum.posting")} intent="reply" />
    </Form>
  );
}

function Moderation({ isPinned, isLocked }: { isPinned: boolean; isLocked: boolean }) {
  const { t } = useTranslation();
  const buttonClass = "rounded-md border border-slate-300 px-4 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50";
  return (
    <Form method="post" className="mt-5 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4" data-testid="moderation">
      <span className="text-sm font-medium text-slate-700">{t("forum.moderation.label")}</span>
      <button name="intent" value={isPinned ? "unpin" : "pin"} className={buttonClass}>
        {isPinned ? t("forum.moderation.unpinButton") : t("forum.moderation.pinButton")}
      </button>
      <button name="intent" value={isLocked ? "unlock" : "lock"} className={buttonClass}>
        {isLocked ? t("forum.moderation.unlockButton") : t("forum.moderation.lockButton")}
      </button>
    </Form>
  );
}
