import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/lib/format";
import { nameLabel } from "~/lib/i18n";

export interface ArticleListItem {
  id: string;
  path: string;
  title: string;
  excerpt: string | null;
  category: string | null;
  imageUrl: string | null;
  author: string;
  readMinutes: number;
  publishDate: Date;
}

/** The cards of an index page (the blog, the news): two columns on a tablet, three on a desktop. */
export function ArticleList({ articles, testId }: { articles: ArticleListItem[]; testId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
      {articles.map((article) => (
        <li key={article.id} className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
          <Link to={article.path} className="block h-full hover:bg-orange-50/40">
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
              {article.category && (
                <p className="text-xs font-semibold uppercase tracking-wide text-orange-800">
                  {nameLabel(t, "content.categories", article.category)}
                </p>
              )}
              <h2 className="mt-1 font-semibold text-slate-900">{article.title}</h2>
              {article.excerpt && <p className="mt-2 line-clamp-3 text-sm text-slate-700">{article.excerpt}</p>}
              <p className="mt-3 text-xs text-slate-600">
                {t("content.blog.byline", { author: article.author, readTime: t("content.readTime", { count: article.readMinutes }) })} •{" "}
                <span className="whitespace-nowrap">{formatDate(article.publishDate, i18n.language)}</span>
              </p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
