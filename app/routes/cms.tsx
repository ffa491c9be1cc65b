import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { buttonText, hasButtons, PostForm, SectionEditor } from "~/components/content/cms-forms";
import {
  ArticleTranslationEditor,
  LanguageChoice,
  languageName,
  NotTranslated,
  SectionTranslationEditor,
  TranslatedText,
} from "~/components/content/cms-translations";
import { FormErrors } from "~/components/ui/form";
import { blogPostPath, newsArticlePath } from "~/lib/articles";
import { DEFAULT_LANGUAGE, type LanguageCode, type TranslationLanguage } from "~/lib/constants";
import { CmsActionSchema } from "~/lib/content-schemas";
import { formatDate } from "~/lib/format";
import { submissionResult } from "~/lib/forms";
import { invariantResponse } from "~/lib/http";
import { isSupportedLanguage, nameLabel, translationLanguage } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { withSearchParam } from "~/lib/url";
import {
  createBlogPost,
  deleteBlogPost,
  listAllBlogPosts,
  listAllNewsArticles,
  listSections,
  saveNewsTranslation,
  savePostTranslation,
  saveSectionTranslation,
  setBlogPostPublished,
  updateBlogPost,
  updateSection,
} from "~/models/content.server";
import { requireAdmin } from "~/services/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

const TABS = ["content", "blog", "news"] as const;
type Tab = (typeof TABS)[number];
const tabFrom = (value: string | null): Tab => ((TABS as readonly string[]).includes(value ?? "") ? (value as Tab) : "content");

/**
 * A CMS address: the tab, the content language (English, the original, is the default) and the
 * row being edited. The language is `language`, not `lng`: the editors' own interface language
 * stays as it is while they edit another.
 */
function cmsPath(tab: Tab, language: LanguageCode, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({
    ...(tab === "content" ? {} : { tab }),
    ...(language === DEFAULT_LANGUAGE ? {} : { language }),
    ...extra,
  });
  const query = params.toString();
  return query ? `/cms?${query}` : "/cms";
}

interface ArticleTranslation {
  title: string | null;
  excerpt: string | null;
  content: string | null;
  category: string | null;
  updatedAt: Date;
}

/** A list's card of a post or article: what it shows, without the full texts (sent only for the one being edited). */
function card<R extends { content: string | null; translation: ArticleTranslation | null }>({ content: _content, translation, ...row }: R) {
  return { ...row, translation: translation && { title: translation.title, excerpt: translation.excerpt, category: translation.category } };
}

/** An empty list of what a model function returns: each tab loads only its own rows. */
const none = <F extends (...args: never[]) => Promise<unknown[]>>() => Promise.resolve([] as unknown as Awaited<ReturnType<F>>);

const languageFrom = (url: URL): LanguageCode => {
  const chosen = url.searchParams.get("language");
  return isSupportedLanguage(chosen) ? chosen : DEFAULT_LANGUAGE;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const tab = tabFrom(url.searchParams.get("tab"));
  const language = languageFrom(url);
  const [t, sections, posts, news] = await Promise.all([
    i18nServer.getFixedT(request),
    tab === "content" ? listSections(context.db, language) : none<typeof listSections>(),
    tab === "blog" ? listAllBlogPosts(context.db, language) : none<typeof listAllBlogPosts>(),
    tab === "news" ? listAllNewsArticles(context.db, language) : none<typeof listAllNewsArticles>(),
  ]);
  const editPost = url.searchParams.get("editPost");
  const editNews = url.searchParams.get("editNews");
  return {
    title: t("content.cms.title"),
    tab,
    language,
    edit: url.searchParams.get("edit"),
    sections,
    posts: posts.map((post) => ({ ...card(post), path: blogPostPath(post) })),
    editing: posts.find((p) => p.id === editPost) ?? null,
    news: news.map((article) => ({ ...card(article), path: newsArticlePath(article) })),
    editingNews: news.find((a) => a.id === editNews) ?? null,
    confirmDelete: url.searchParams.get("confirmDelete"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const submission = await parseSubmission(request, CmsActionSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const input = submission.value;
  const { db } = context;
  // Back to the list the form was on, in the language it showed.
  const returnLanguage = languageFrom(new URL(request.url));
  const done = (tab: Tab, description: string) =>
    redirectWithToast(context, cmsPath(tab, returnLanguage), { type: "success", title: "content.cms.savedTitle", description });
  const translated = (tab: Tab, language: TranslationLanguage) =>
    redirectWithToast(context, cmsPath(tab, language), {
      type: "success",
      title: "content.cms.savedTitle",
      description: "content.cms.translationSaved",
      values: { language: languageName(language) },
    });
  switch (input.intent) {
    case "updateSection": {
      const { intent: _intent, sectionKey, ...fields } = input;
      invariantResponse(await updateSection(db, sectionKey, fields), 404);
      return done("content", "content.cms.sectionSaved");
    }
    case "translateSection": {
      const { intent: _intent, sectionKey, language, ...fields } = input;
      invariantResponse(await saveSectionTranslation(db, sectionKey, language, fields), 404);
      return translated("content", language);
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
    case "translatePost": {
      const { intent: _intent, postId, language, ...fields } = input;
      invariantResponse(await savePostTranslation(db, postId, language, fields), 404);
      return translated("blog", language);
    }
    case "translateNews": {
      const { intent: _intent, articleId, language, ...fields } = input;
      invariantResponse(await saveNewsTranslation(db, articleId, language, fields), 404);
      return translated("news", language);
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
const TAB_LABELS: Record<Tab, string> = { content: "content.cms.contentTab", blog: "content.cms.blogTab", news: "content.cms.newsTab" };

export default function Cms() {
  const { tab, language } = useLoaderData<typeof loader>();
  const location = useLocation();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/cms";
  const formErrors = submissionResult(answer)?.error?.[""] ?? undefined;
  // Another language keeps the tab and the row being edited.
  const params = new URLSearchParams(location.search);
  const editing = Object.fromEntries(
    (["edit", "editPost", "editNews"] as const).flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : [])),
  );
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
      <nav aria-label={t("content.cms.tabs")} className="mt-6 grid max-w-xl grid-cols-3 gap-1 rounded-lg bg-slate-200 p-1">
        {TABS.map((key) => (
          <Link
            key={key}
            to={cmsPath(key, language)}
            aria-current={tab === key ? "page" : undefined}
            className="rounded-md px-2 py-2 text-center text-sm font-semibold text-slate-800 hover:bg-white/60 aria-[current=page]:bg-white aria-[current=page]:shadow-sm"
          >
            {t(TAB_LABELS[key])}
          </Link>
        ))}
      </nav>
      <LanguageChoice current={language} hrefFor={(code) => cmsPath(tab, code, editing)} />
      {loading && (
        <p role="status" className="mt-4 text-slate-700">
          {t("content.cms.loading")}
        </p>
      )}
      <div className="mt-4">
        <FormErrors errors={formErrors} />
      </div>
      {tab === "content" ? <Sections answer={answer} /> : tab === "blog" ? <BlogPosts answer={answer} /> : <NewsArticles answer={answer} />}
    </div>
  );
}

function Sections({ answer }: { answer: unknown }) {
  const { sections, edit, language } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  if (sections.length === 0) return <p className="mt-6 text-slate-700">{t("content.cms.noSections")}</p>;
  const target = translationLanguage(language);
  const original = !target;
  return (
    <ul className="mt-6 grid gap-4">
      {sections.map((section) => {
        const name = section.sectionKey.replace(/_/g, " ");
        const texts = original ? section : (section.translation ?? { title: null, subtitle: null, content: null, metadata: null });
        const updatedAt = original ? section.updatedAt : section.translation?.updatedAt;
        return (
          <li key={section.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="cms-section">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-lg font-semibold capitalize">{name}</h2>
              <div className="flex items-center gap-3 text-sm text-slate-600">
                {!section.isActive && (
                  <span className="rounded-full bg-amber-100 px-3 py-0.5 text-xs font-semibold text-amber-900">
                    {t("content.cms.inactive")}
                  </span>
                )}
                {!original && !section.translation && <NotTranslated />}
                {updatedAt && <span>{t("content.cms.updated", { date: formatDate(updatedAt, i18n.language) })}</span>}
                {edit !== section.sectionKey && (
                  <Link
                    to={cmsPath("content", language, { edit: section.sectionKey })}
                    preventScrollReset
                    className={button}
                    aria-label={t("content.cms.editSection", { section: name })}
                  >
                    {t("content.cms.edit")}
                  </Link>
                )}
              </div>
            </div>
            {edit === section.sectionKey ? (
              target ? (
                <SectionTranslationEditor section={section} language={target} answer={answer} cancelTo={cmsPath("content", target)} />
              ) : (
                <SectionEditor section={section} answer={answer} cancelTo="/cms" />
              )
            ) : (
              <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="font-medium text-slate-600">{t("content.cms.fields.title")}</dt>
                <dd>
                  <TranslatedText value={texts.title} original={section.title} />
                </dd>
                <dt className="font-medium text-slate-600">{t("content.cms.fields.subtitle")}</dt>
                <dd>
                  <TranslatedText value={texts.subtitle} original={section.subtitle} />
                </dd>
                <dt className="font-medium text-slate-600">{t("content.cms.fields.content")}</dt>
                <dd className="whitespace-pre-line">
                  <TranslatedText value={texts.content} original={section.content} />
                </dd>
                <dt className="font-medium text-slate-600">{t("content.cms.fields.image")}</dt>
                <dd className="break-all">{section.imageUrl || "—"}</dd>
                {hasButtons(section.sectionKey) &&
                  (["cta_primary", "cta_secondary"] as const).map((key) => (
                    <Fragment key={key}>
                      <dt className="font-medium text-slate-600">
                        {t(key === "cta_primary" ? "content.cms.fields.ctaPrimary" : "content.cms.fields.ctaSecondary")}
                      </dt>
                      <dd>
                        <TranslatedText value={buttonText(texts.metadata, key)} original={buttonText(section.metadata, key)} />
                      </dd>
                    </Fragment>
                  ))}
              </dl>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function BlogPosts({ answer }: { answer: unknown }) {
  const { posts, editing, confirmDelete, language } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const location = useLocation();
  const here = (key: string, value: string | null) => withSearchParam(location.pathname, location.search, key, value);
  const target = translationLanguage(language);
  const original = !target;
  return (
    <div className={original ? "mt-6 grid gap-8 lg:grid-cols-[24rem_1fr]" : "mt-6"}>
      {original && (
        <section aria-labelledby="create-post-heading" className="self-start rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="create-post-heading" className="mb-4 text-lg font-semibold">
            {t("content.cms.createTitle")}
          </h2>
          {/* A fresh form after each new post (JavaScript on keeps the component). */}
          <PostForm key={posts[0]?.id ?? "none"} answer={answer} />
        </section>
      )}
      <section aria-labelledby="existing-posts">
        <h2 id="existing-posts" className="text-lg font-semibold">
          {t("content.cms.existingTitle")}
        </h2>
        {!original && <p className="mt-1 text-sm text-slate-700">{t("content.cms.newPostsInEnglish")}</p>}
        {posts.length === 0 ? (
          <p className="mt-4 text-slate-700">{t("content.cms.noPosts")}</p>
        ) : (
          <ul className="mt-4 grid gap-4">
            {posts.map((post) => (
              <li key={post.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="cms-post">
                {editing?.id === post.id ? (
                  target ? (
                    <ArticleTranslationEditor
                      kind="post"
                      article={editing}
                      language={target}
                      answer={answer}
                      cancelTo={cmsPath("blog", target)}
                    />
                  ) : (
                    <PostForm post={editing} answer={answer} cancelTo="/cms?tab=blog" />
                  )
                ) : (
                  <>
                    <ArticleCard article={post} />
                    <div className="mt-3 flex flex-wrap items-center gap-2">
                      <Link to={original ? post.path : `${post.path}?lng=${language}`} className={button}>
                        {t("content.cms.view")}
                      </Link>
                      <Form method="post">
                        <input type="hidden" name="postId" value={post.id} />
                        <button name="intent" value={post.isPublished ? "unpublish" : "publish"} className={button}>
                          {post.isPublished ? t("content.cms.unpublish") : t("content.cms.publish")}
                        </button>
                      </Form>
                      <Link to={cmsPath("blog", language, { editPost: post.id })} className={button}>
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
                          <Form method="post" action={cmsPath("blog", language)}>
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

function NewsArticles({ answer }: { answer: unknown }) {
  const { news, editingNews, language } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const target = translationLanguage(language);
  const original = !target;
  return (
    <section aria-labelledby="news-articles" className="mt-6">
      <h2 id="news-articles" className="text-lg font-semibold">
        {t("content.cms.newsTab")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{original ? t("content.cms.newsChooseLanguage") : t("content.cms.newsTranslating")}</p>
      {news.length === 0 ? (
        <p className="mt-4 text-slate-700">{t("content.cms.noNews")}</p>
      ) : (
        <ul className="mt-4 grid gap-4">
          {news.map((article) => (
            <li key={article.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="cms-news">
              {editingNews?.id === article.id && target ? (
                <ArticleTranslationEditor
                  kind="news"
                  article={editingNews}
                  language={target}
                  answer={answer}
                  cancelTo={cmsPath("news", target)}
                />
              ) : (
                <>
                  <ArticleCard article={article} />
                  <div className="mt-3 flex flex-wrap items-center gap-2">
                    <Link to={original ? article.path : `${article.path}?lng=${language}`} className={button}>
                      {t("content.cms.view")}
                    </Link>
                    {!original && (
                      <Link to={cmsPath("news", language, { editNews: article.id })} className={button}>
                        {t("content.cms.edit")}
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
  );
}

interface ArticleCardData {
  title: string;
  excerpt: string | null;
  category: string | null;
  author: string;
  readMinutes: number;
  isPublished?: boolean;
  translation: { title: string | null; excerpt: string | null; category: string | null } | null;
}

/** A post's or article's card in the CMS lists: in another language, its translation where there is one, else the English text, marked. */
function ArticleCard({ article }: { article: ArticleCardData }) {
  const { language } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const original = language === DEFAULT_LANGUAGE;
  const texts = original ? article : (article.translation ?? { title: null, excerpt: null, category: null });
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-slate-900">
          <TranslatedText value={texts.title} original={article.title} />
        </h3>
        {article.category && (
          <span className="rounded-full bg-slate-100 px-3 py-0.5 text-xs font-semibold text-slate-800">
            {texts.category ?? nameLabel(t, "content.categories", article.category)}
          </span>
        )}
        {article.isPublished !== undefined && (
          <span
            className={`rounded-full px-3 py-0.5 text-xs font-semibold ${article.isPublished ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}
          >
            {article.isPublished ? t("content.cms.published") : t("content.cms.draft")}
          </span>
        )}
        {!original && !article.translation && <NotTranslated />}
      </div>
      {article.excerpt && (
        <p className="mt-2 text-sm text-slate-700">
          <TranslatedText value={texts.excerpt} original={article.excerpt} />
        </p>
      )}
      <p className="mt-2 text-xs text-slate-600">
        {t("content.cms.byline", { author: article.author, readTime: t("content.readTime", { count: article.readMinutes }) })}
      </p>
    </>
  );
}
