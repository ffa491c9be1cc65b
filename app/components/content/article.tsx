import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArticleByline, useCategoryLabel } from "~/components/content/article-card";
import { JsonLd } from "~/components/json-ld";
import { paragraphs } from "~/lib/articles";

export interface ArticleView {
  title: string;
  excerpt: string | null;
  content: string | null;
  category: string | null;
  imageUrl: string | null;
  author: string;
  readMinutes: number;
  publishDate: Date;
}

/** A blog post's or news article's page; the text is shown as paragraphs, never as HTML. */
export function ArticlePage({
  article,
  back,
  draft,
  url,
  image,
}: {
  article: ArticleView;
  back: { to: string; label: string };
  draft?: boolean;
  url: string;
  image: string | null;
}) {
  const { t } = useTranslation();
  const body = paragraphs(article.content);
  const category = useCategoryLabel(article.category);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <ArticleJsonLd article={article} url={url} image={image} />
      <Link to={back.to} className="text-sm font-medium text-orange-800 hover:underline">
        ← {back.label}
      </Link>
      {draft && (
        <p
          className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900"
          data-testid="draft-notice"
        >
          {t("content.blog.draftNotice")}
        </p>
      )}
      {category && <p className="mt-4 text-sm font-semibold uppercase tracking-wide text-orange-800">{category}</p>}
      <h1 className="mt-2 text-3xl font-bold text-slate-900 md:text-4xl">{article.title}</h1>
      <p className="mt-3 text-sm text-slate-600">
        <ArticleByline author={article.author} readMinutes={article.readMinutes} publishDate={article.publishDate} />
      </p>
      {article.imageUrl && (
        <img
          src={article.imageUrl}
          alt=""
          width={960}
          height={540}
          className="mt-6 aspect-video w-full rounded-lg border border-slate-200 bg-slate-100 object-cover"
        />
      )}
      {article.excerpt && <p className="mt-6 text-lg text-slate-800">{article.excerpt}</p>}
      <div className="mt-6 grid gap-4 leading-relaxed text-slate-800" data-testid="article-body">
        {body.map((paragraph, i) => (
          <p key={i} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
    </article>
  );
}

function ArticleJsonLd({ article, url, image }: { article: ArticleView; url: string; image: string | null }) {
  const { t } = useTranslation();
  const category = useCategoryLabel(article.category);
  const data = {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.excerpt ?? undefined,
    datePublished: article.publishDate.toISOString(),
    author: { "@type": "Person", name: article.author },
    publisher: { "@type": "Organization", name: t("meta.siteName") },
    articleSection: category || undefined,
    image: image ?? undefined,
    mainEntityOfPage: url,
  };
  return <JsonLd data={data} />;
}
