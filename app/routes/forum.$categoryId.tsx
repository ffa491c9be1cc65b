import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthorName, BackLink } from "~/components/forum/forum-header";
import { Field, FormErrors, inputClass, SubmitButton } from "~/components/ui/form";
import { Pagination } from "~/components/ui/pagination";
import { FORUM_POST_MAX, FORUM_TITLE_MAX } from "~/lib/constants";
import { formatDate } from "~/lib/format";
import { useSchemaForm } from "~/lib/forms";
import { TopicSchema } from "~/lib/forum-schemas";
import { invariantResponse } from "~/lib/http";
import { pageMeta } from "~/lib/meta";
import { canReachOthers } from "~/lib/permissions";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { pageFrom } from "~/lib/url";
import { categoryPage, createTopic } from "~/models/forum.server";
import { countAttempt, LIMITS } from "~/models/rate-limits.server";
import { requireForumViewer } from "~/services/forum.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.category.name, data?.category.description);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = pageFrom(new URL(request.url));
  // One round trip beside the session's: nothing is sent unless the guard lets the viewer in.
  const [viewer, { category, topics, pages }] = await Promise.all([
    requireForumViewer(request, context),
    categoryPage(context.db, params.categoryId!, page),
  ]);
  invariantResponse(category, 404);
  return { category, topics, page, pages, canPost: !!viewer.poster };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireForumViewer(request, context);
  const submission = await parseSubmission(request, TopicSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  if (!viewer.poster) return invalidSubmission(submission, { formErrors: ["forum.authRequiredTopic"] }, 403);
  if (!canReachOthers(viewer.poster)) return invalidSubmission(submission, { formErrors: ["verify.required"] }, 403);
  const attempt = await countAttempt(context.db, LIMITS.forumTopicsPerMember, viewer.poster.id);
  if (attempt.limited) return invalidSubmission(submission, { formErrors: ["forum.tooMany"] }, 429);
  const { title, content } = submission.value;
  const topicId = await createTopic(context.db, {
    categoryId: params.categoryId!,
    userId: viewer.poster.id,
    title: title!,
    content: content!,
  });
  invariantResponse(topicId, 404);
  return redirectWithToast(context, `/forum/topic/${topicId}`, {
    type: "success",
    title: "forum.successTitle",
    description: "forum.topicCreated",
  });
}

export default function ForumCategory() {
  const { category, topics, page, pages, canPost } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="category-title">
      <BackLink to="/forum" label={t("forum.backToCategories")} />
      <h2 id="category-title" className="mt-3 text-2xl font-semibold">
        {category.name}
      </h2>
      {category.description && <p className="mt-1 text-slate-700">{category.description}</p>}

      {topics.length === 0 ? (
        <p className="mt-4 rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-700">{t("forum.noTopics")}</p>
      ) : (
        <ul className="mt-4 grid gap-3" data-testid="topic-list">
          {topics.map((topic) => (
            <li key={topic.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="topic-row">
              <div className="flex flex-wrap items-center gap-2">
                {topic.isPinned && (
                  <span className="rounded-full bg-orange-100 px-2.5 py-0.5 text-xs font-semibold text-orange-900">
                    {t("forum.pinned")}
                  </span>
                )}
                {topic.isLocked && (
                  <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">{t("forum.locked")}</span>
                )}
                <Link
                  to={`/forum/topic/${topic.id}`}
                  className="text-lg font-semibold text-slate-900 hover:text-orange-800 hover:underline"
                >
                  {topic.title}
                </Link>
              </div>
              <p className="mt-1 line-clamp-2 break-words text-slate-700">{topic.excerpt}</p>
              <p className="mt-2 text-sm text-slate-600">
                <AuthorName name={topic.authorName} company={topic.authorCompany} />
                {" · "}
                {formatDate(topic.createdAt, i18n.language)}
                {" · "}
                {t("forum.replyCount", { count: topic.repliesCount })}
                {" · "}
                {t("forum.viewCount", { count: topic.viewsCount })}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pages} />
      {canPost && <NewTopicForm />}
    </section>
  );
}

function NewTopicForm() {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(TopicSchema, { id: "new-topic", lastResult: useActionData<typeof action>() });
  return (
    <div className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h3 className="text-lg font-semibold">{t("forum.newTopic")}</h3>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field field={fields.title} label={t("forum.fields.title")}>
          <input {...getInputProps(fields.title, { type: "text" })} maxLength={FORUM_TITLE_MAX} className={inputClass} />
        </Field>
        <Field field={fields.content} label={t("forum.fields.content")}>
          <textarea {...getTextareaProps(fields.content)} maxLength={FORUM_POST_MAX} rows={6} className={inputClass} />
        </Field>
        <SubmitButton label={t("forum.createTopic")} pendingLabel={t("forum.posting")} />
      </Form>
    </div>
  );
}
