import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PostForm, SectionEditor } from "~/components/content/cms-forms";
import { FormErrors } from "~/components/ui/form";
import { blogPostPath } from "~/lib/articles";
import { CmsActionSchema } from "~/lib/content-schemas";
import { formatDate } from "~/lib/format";
import { submissionResult } from "~/lib/forms";
import { invariantResponse } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { withSearchParam } from "~/lib/url";
import {
  createBlogPost,
  deleteBlogPost,
  listAllBlogPosts,
  listSections,
  setBlogPostPublished,
  updateBlogPost,
  updateSection,
} from "~/models/content.server";
import { requireAdmin } from "~/services/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

type Tab = "content" | "blog";
/** An empty list of what a model function returns: each tab loads only its own rows. */
const none = <F extends (...args: never[]) => Promise<unknown[]>>() => Promise.resolve([] as unknown as Awaited<ReturnType<F>>);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const tab: Tab = url.searchParams.get("tab") === "blog" ? "blog" : "content";
  const [t, sections, posts] = await Promise.all([
    i18nServer.getFixedT(request),
    tab === "content" ? listSections(context.db) : none<typeof listSections>(),
    tab === "blog" ? listAllBlogPosts(context.db) : none<typeof listAllBlogPosts>(),
  ]);
  const editPost = url.searchParams.get("editPost");
  return {
    title: t("content.cms.title"),
    tab,
    edit: url.searchParams.get("edit"),
    sections,
    // Cards get what they show; the full text only for the post being edited.
    posts: posts.map(({ content: _content, ...card }) => ({ ...card, path: blogPostPath(card) })),
    editing: posts.find((p) => p.id === editPost) ?? null,
    confirmDelete: url.searchParams.get("confirmDelete"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const submission = await parseSubmission(request, CmsActionSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const input = submission.value;
  const { db } = context;
  const done = (tab: Tab, description: string) =>
    redirectWithToast(context, tab === "blog" ? "/cms?tab=blog" : "/cms", {
      type: "success",
      title: "content.cms.savedTitle",
      description,
    });
  switch (input.intent) {
    case "updateSection": {
      const { intent: _intent, sectionKey, ...fields } = input;
      invariantResponse(await updateSection(db, sectionKey, fields), 404);
      return done("content", "content.cms.sectionSaved");
    }
    case "createPost": {
      const { intent: _intent, ...fields } = input;
      await createBlogPost(db, fields);
      return done("blog", fields.publish ? "content.cms.postPublished" : "content.cms.postDrafted");
    }
    case "updatePost": {
      const { intent: _intent, postId, ...fields } = input;
      invariantResponse(await updateBlogPost(db, postId, fields), 404);
      return done("blog", "content.cms.postSaved");
    }
    case "publish":
    case "unpublish":
      invariantResponse(await setBlogPostPublished(db, input.postId, input.intent === "publish"), 404);
      return done("blog", input.intent === "publish" ? "content.cms.postPublished" : "content.cms.postUnpublished");
    case "deletePost":
      invariantResponse(await deleteBlogPost(db, input.postId), 404);
      return done("blog", "content.cms.postDeleted");
  }
}

const button = "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50";

export default function Cms() {
  const { tab } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/cms";
  const formErrors = submissionResult(answer)?.error?.[""] ?? undefined;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <Link to="/" className="text-sm font-medium text-orange-800 hover:underline">
            ← {t("content.cms.back")}
          </Link>
          <h1 className="mt-2 text-3xl font-bold">{t("content.cms.title")}</h1>
        </div>
        <Form method="post" action="/admin/logout">
          <input type="hidden" name="redirectTo" value="/admin/login?redirectTo=%2Fcms" />
          <button type="submit" className={button}>
            {t("content.cms.signOut")}
          </button>
        </Form>
      </div>
      <nav aria-label={t("content.cms.tabs")} className="mt-6 grid max-w-md grid-cols-2 gap-1 rounded-lg bg-slate-200 p-1">
        {(["content", "blog"] as const).map((key) => (
          <Link
            key={key}
            to={key === "blog" ? "/cms?tab=blog" : "/cms"}
            aria-current={tab === key ? "page" : undefined}
            className="rounded-md px-2 py-2 text-center text-sm font-semibold text-slate-800 hover:bg-white/60 aria-[current=page]:bg-white aria-[current=page]:shadow-sm"
          >
            {key === "blog" ? t("content.cms.blogTab") : t("content.cms.contentTab")}
          </Link>
        ))}
      </nav>
      {loading && (
        <p role="status" className="mt-4 text-slate-700">
          {t("content.cms.loading")}
        </p>
      )}
      <div className="mt-4">
        <FormErrors errors={formErrors} />
      </div>
      {tab === "content" ? <Sections answer={answer} /> : <BlogPosts answer={answer} />}
    </div>
  );
}

function Sections({ answer }: { answer: unknown }) {
  const { sections, edit } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  if (sections.length === 0) return <p className="mt-6 text-slate-700">{t("content.cms.noSections")}</p>;
  return (
    <ul className="mt-6 grid gap-4">
      {sections.map((section) => (
        <li key={section.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="cms-section">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold capitalize">{section.sectionKey.replace(/_/g, " ")}</h2>
            <div className="flex items-center gap-3 text-sm text-slate-600">
              {!section.isActive && (
                <span className="rounded-full bg-amber-100 px-3 py-0.5 text-xs font-semibold text-amber-900">
                  {t("content.cms.inactive")}
                </span>
              )}
              <span>{t("content.cms.updated", { date: formatDate(section.updatedAt, i18n.language) })}</span>
              {edit !== section.sectionKey && (
                <Link
                  to={`/cms?edit=${encodeURIComponent(section.sectionKey)}`}
                  preventScrollReset
                  className={button}
                  aria-label={t("content.cms.editSection", { section: section.sectionKey.replace(/_/g, " ") })}
                >
                  {t("content.cms.edit")}
                </Link>
              )}
            </div>
          </div>
          {edit === section.sectionKey ? (
            <SectionEditor section={section} answer={answer} cancelTo="/cms" />
          ) : (
            <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
              <dt className="font-medium text-slate-600">{t("content.cms.fields.title")}</dt>
              <dd>{section.title || "—"}</dd>
              <dt className="font-medium text-slate-600">{t("content.cms.fields.subtitle")}</dt>
              <dd>{section.subtitle || "—"}</dd>
              <dt className="font-medium text-slate-600">{t("content.cms.fields.content")}</dt>
              <dd className="whitespace-pre-line">{section.content || "—"}</dd>
              <dt className="font-medium text-slate-600">{t("content.cms.fields.image")}</dt>
              <dd className="break-all">{section.imageUrl || "—"}</dd>
            </dl>
          )}
        </li>
      ))}
    </ul>
  );
}

function BlogPosts({ answer }: { answer: unknown }) {
  const { posts, editing, confirmDelete } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const location = useLocation();
  const here = (key: string, value: string | null) => withSearchParam(location.pathname, location.search, key, value);
  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[24rem_1fr]">
      <section aria-labelledby="create-post-heading" className="self-start rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="create-post-heading" className="mb-4 text-lg font-semibold">
          {t("content.cms.createTitle")}
        </h2>
        {/* A fresh form after each new post (JavaScript on keeps the component). */}
        <PostForm key={posts[0]?.id ?? "none"} answer={answer} />
      </section>
      <section aria-labelledby="existing-posts">
        <h2 id="existing-posts" className="text-lg font-semibold">
          {t("content.cms.existingTitle")}
        </h2>
        {posts.length === 0 ? (
          <p className="mt-4 text-slate-700">{t("content.cms.noPosts")}</p>
        ) : (
          <ul className="mt-4 grid gap-4">
            {posts.map((post) => (
              <li key={post.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="cms-post">
                {editing?.id === post.id ? (
                  <PostForm post={editing} answer={answer} cancelTo="/cms?tab=blog" />
                ) : (
                  <>
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold text-slate-900">{post.title}</h3>
                      {post.category && (
                        <span className="rounded-full bg-slate-100 px-3 py-0.5 text-xs font-semibold text-slate-800">{post.category}</span>
                      )}
                      <span
                        className={`rounded-full px-3 py-0.5 text-xs font-semibold ${post.isPublished ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}
                      >
                        {post.isPublished ? t("content.cms.published") : t("content.cms.draft")}
                      </span>
                    </div>
                    {post.excerpt && <p className="mt-2 text-sm text-slate-700">{post.excerpt}</p>}
                    <p className="mt-2 text-xs text-slate-600">
                      {t("content.cms.byline", { author: post.author, readTime: post.readTime })}
                    </p>
                    <div className="mt-3 flex flex-wrap items-center gap-2">
                      <Link to={post.path} className={button}>
                        {t("content.cms.view")}
                      </Link>
                      <Form method="post">
                        <input type="hidden" name="postId" value={post.id} />
                        <button name="intent" value={post.isPublished ? "unpublish" : "publish"} className={button}>
                          {post.isPublished ? t("content.cms.unpublish") : t("content.cms.publish")}
                        </button>
                      </Form>
                      <Link to={`/cms?tab=blog&editPost=${encodeURIComponent(post.id)}`} className={button}>
                        {t("content.cms.edit")}
                      </Link>
                      {confirmDelete === post.id ? (
                        <div
                          role="alertdialog"
                          aria-labelledby={`confirm-${post.id}`}
                          className="flex flex-wrap items-center gap-3 rounded-md border border-red-300 bg-red-50 px-3 py-2"
                        >
                          <p id={`confirm-${post.id}`} className="font-medium text-red-900">
                            {t("content.cms.confirmDelete")}
                          </p>
                          <Form method="post" action="/cms?tab=blog">
                            <input type="hidden" name="postId" value={post.id} />
                            <button
                              name="intent"
                              value="deletePost"
                              className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800"
                            >
                              {t("content.cms.confirmYes")}
                            </button>
                          </Form>
                          <Link to={here("confirmDelete", null)} className="text-sm font-semibold text-slate-800 underline">
                            {t("content.cms.cancel")}
                          </Link>
                        </div>
                      ) : (
                        <Link
                          to={here("confirmDelete", post.id)}
                          preventScrollReset
                          className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
                        >
                          {t("content.cms.delete")}
                        </Link>
                      )}
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
