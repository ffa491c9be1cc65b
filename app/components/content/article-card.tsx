import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Pagination } from "~/components/ui/pagination";
import { ARTICLE_INDEX } from "~/lib/articles";
import type { ArticleKind } from "~/lib/constants";
import { formatDate } from "~/lib/format";
import { nameLabel } from "~/lib/i18n";

/** What a card shows of a blog post or news article. */
export interface ArticleCardData {
  id: string;
  title: string;
  excerpt: string | null;
  category: string | null;
  imageUrl?: string | null;
  author: string;
  readMinutes: number;
  publishDate?: Date | null;
  /** The article's page; built-in stand-in articles have none. */
  href?: string | null;
}

/** An article's category as the reader's language names it (a stored name without a label shows as stored). */
export function useCategoryLabel(category: string | null) {
  const { t } = useTranslation();
  return category && nameLabel(t, "content.categories", category);
}

/** 'By author • 5 min read', and the publish date where there is one. */
export function ArticleByline({ author, readMinutes, publishDate }: { author: string; readMinutes: number; publishDate?: Date | null }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {t("content.byline", { author, readTime: t("content.readTime", { count: readMinutes }) })}
      {publishDate && (
        <>
          {" "}
          •{" "}
          <time dateTime={publishDate.toISOString()} className="whitespace-nowrap">
            {formatDate(publishDate, i18n.language)}
          </time>
        </>
      )}
    </>
  );
}

const categoryClass = "text-xs font-semibold uppercase tracking-wide text-orange-800";

/**
 * The one card of an article: the blog and news indexes, the home page's strips and the CMS lists.
 * Its title links to the article's page, and the link covers the card. The CMS shows the texts in
 * its own way (`title`, `excerpt`), adds its badges and, under the byline, its buttons.
 */
export function ArticleCard({
  article,
  as: Outer = "div",
  heading: Heading = "h2",
  title,
  excerpt,
  badges,
  children,
}: {
  article: ArticleCardData;
  /** `li` when the card is an item of a list itself (one element fewer per card). */
  as?: "div" | "li";
  heading?: "h2" | "h3";
  title?: ReactNode;
  excerpt?: ReactNode;
  badges?: ReactNode;
  children?: ReactNode;
}) {
  const category = useCategoryLabel(article.category);
  return (
    <Outer
      className={`relative h-full overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm ${article.href ? "hover:bg-orange-50/40" : ""}`}
    >
      {article.imageUrl && (
        <img
          src={article.imageUrl}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
          className="aspect-video w-full object-cover"
        />
      )}
      <div className="p-4">
        {badges ? (
          <div className="flex flex-wrap items-center gap-2">
            {category && <p className={categoryClass}>{category}</p>}
            {badges}
          </div>
        ) : (
          category && <p className={categoryClass}>{category}</p>
        )}
        <Heading className="mt-1 font-semibold text-slate-900">
          {article.href ? (
            <Link to={article.href} className="after:absolute after:inset-0 hover:text-orange-800 hover:underline">
              {title ?? article.title}
            </Link>
          ) : (
            (title ?? article.title)
          )}
        </Heading>
        {(excerpt ?? article.excerpt) && <p className="mt-2 line-clamp-3 text-sm text-slate-700">{excerpt ?? article.excerpt}</p>}
        <p className="mt-3 text-xs text-slate-600">
          <ArticleByline author={article.author} readMinutes={article.readMinutes} publishDate={article.publishDate} />
        </p>
        {children}
      </div>
    </Outer>
  );
}

/**
 * An index of one kind of article (the blog, the news), a page at a time: cards in two columns on
 * a tablet, three on a desktop; past the last page, which pages there are.
 */
export function ArticleIndexPage({
  kind,
  articles,
  page,
  pages,
  total,
}: {
  kind: ArticleKind;
  articles: ArticleCardData[];
  page: number;
  pages: number;
  total: number;
}) {
  const { t } = useTranslation();
  const index = ARTICLE_INDEX[kind];
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t(`content.${kind}.title`)}</h1>
      <p className="mt-1 text-slate-700">{t(`content.${kind}.description`)}</p>
      {articles.length > 0 ? (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid={`${kind}-list`}>
          {articles.map((article) => (
            <ArticleCard key={article.id} as="li" article={article} />
          ))}
        </ul>
      ) : total > 0 ? (
        // A page past the last one (an old link, a typed number): say which pages there are.
        <p className="mt-8 text-slate-700" data-testid="past-last-page">
          {t("products.pastLastPage", { count: pages })}{" "}
          <Link to={pages > 1 ? `${index}?page=${pages}` : index} className="font-semibold text-orange-800 underline">
            {t("products.goToLastPage", { page: pages })}
          </Link>
        </p>
      ) : (
        <p className="mt-8 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t(`content.${kind}.empty`)}</p>
      )}
      {articles.length > 0 && <Pagination page={page} pages={pages} />}
    </div>
  );
}
