import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ArticleCardData } from "~/components/content/article-card";
import {
  ArticleStrip,
  CategoryPanel,
  ContentBlock,
  CountryPortals,
  Hero,
  PremiumServices,
  PromoBanner,
  ServiceTiles,
  WelcomeBack,
} from "~/components/home/sections";
import { JsonLd } from "~/components/json-ld";
import { ProductSection, SkeletonGrid } from "~/components/products/product-section";
import { withHref } from "~/lib/articles";
import {
  BLOG_DEFAULT_AUTHOR,
  BLOG_DEFAULT_READ_MINUTES,
  HOME_LIMITS,
  MEMBER_COUNT,
  TOP_PRODUCT_CATEGORIES,
  TRENDING_PRODUCT_CATEGORIES,
} from "~/lib/constants";
import { publicPageHeaders } from "~/lib/edge-cache.server";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta, socialMeta } from "~/lib/meta";
import { metadataText, sectionTexts } from "~/models/content.server";
import { loadHomePage } from "~/models/home.server";
import { readRequestState } from "~/services/session.server";

/** Visitors may get this page from the edge cache (members never do). */
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta(matches, data?.title),
  ...socialMeta(matches, data?.title, data?.url),
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // One round trip for the page's content, then one render pass: streaming the product and
  // article strips cost more render time than their queries take.
  const language = await i18nServer.getLocale(request);
  const [t, { sections, products, news, blog }, { viewer }] = await Promise.all([
    i18nServer.getFixedT(request),
    context.contentVersion().then((version) => loadHomePage(context.db, version, language)),
    readRequestState(request, context),
  ]);
  const { user, firstVisit } = viewer;
  const url = new URL(request.url);
  return {
    title: t("home.title"),
    url: `${url.origin}/`,
    sections: sectionTexts(sections),
    welcome: user ? { name: user.fullName || user.email, firstVisit } : null,
    cta: {
      primary: metadataText(sections.hero, "cta_primary") ?? t("home.joinAsBuyer"),
      secondary: metadataText(sections.hero, "cta_secondary") ?? t("home.joinAsSupplier"),
    },
    products,
    news: news.map(withHref),
    blog: blog.map(withHref),
  };
}

const productLink = (categories: readonly string[]) => `/products?category=${encodeURIComponent(categories[0])}`;

export default function Home() {
  const { sections, cta, products: p, news, blog, url, welcome } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  // Coming back to the home page from another page: placeholders until its data arrives.
  const loading = navigation.state === "loading" && navigation.location.pathname === "/";
  return (
    <>
      <StructuredData url={url} />
      {welcome ? (
        <WelcomeBack name={welcome.name} firstVisit={welcome.firstVisit} />
      ) : (
        <Hero hero={sections.hero ?? null} primary={cta.primary} secondary={cta.secondary} />
      )}

      <div className="mx-auto max-w-7xl px-4">
        <div className="mt-8 grid gap-6 lg:grid-cols-[16rem_1fr]">
          <CategoryPanel />
          <div className="grid gap-6 md:grid-cols-2">
            <PromoBanner promo={sections.email_marketing ?? null} />
            <ServiceTiles />
          </div>
        </div>

        {loading ? (
          <ProductSkeletons />
        ) : (
          <>
            <ProductSection
              id="top-products"
              title={t("home.topProducts")}
              products={p.top}
              viewAll={productLink(TOP_PRODUCT_CATEGORIES)}
              className="grid grid-cols-2 gap-4 md:grid-cols-4"
            />
            <ProductSection
              id="trending-products"
              title={t("home.trendingProducts")}
              products={p.trending}
              viewAll={productLink(TRENDING_PRODUCT_CATEGORIES)}
              className="grid grid-cols-2 gap-4 md:grid-cols-4"
            />
            <ProductSection id="latest-buy-offers" title={t("home.latestBuyOffers")} products={p.latestBuyOffers} viewAll="/products" />
            <ProductSection id="latest-products" title={t("home.latestProducts")} products={p.latest} viewAll="/products" />
            <ProductSection id="featured-products" title={t("home.featuredProducts")} products={p.featured} viewAll="/products" />
          </>
        )}

        <PremiumServices />
        <section className="mt-14 rounded-lg bg-orange-50 p-6" aria-labelledby="success-stories" data-testid="success-stories">
          <h2 id="success-stories" className="text-2xl font-bold">
            {t("home.successStories")}
          </h2>
          {sections.success_stories?.subtitle && <p className="mt-1 text-slate-700">{sections.success_stories.subtitle}</p>}
          {sections.success_stories?.content && (
            <blockquote className="mt-4 border-l-4 border-orange-700 pl-4 text-lg italic text-slate-800">
              {sections.success_stories.content}
            </blockquote>
          )}
        </section>
        <CountryPortals />
        <div className="mt-14 grid gap-6 md:grid-cols-3">
          <ContentBlock id="what-we-do" heading={t("home.whatWeDo")} section={sections.what_we_do ?? null} />
          <ContentBlock id="our-goals" heading={t("home.ourGoals")} section={sections.our_goals ?? null} />
          <ContentBlock id="best-services" heading={t("home.bestServices")} section={sections.best_services ?? null} />
        </div>

        <ArticleStrip
          id="trade-news"
          testId="trade-news"
          title={t("home.tradeNews")}
          articles={withDefaults(news, t)}
          viewAll={{ to: "/news", label: t("home.viewAllNews") }}
        />
        <ArticleStrip
          id="trade-blog"
          testId="trade-blog"
          title={sections.trade_blog?.title ?? t("home.blogTitle")}
          subtitle={sections.trade_blog?.subtitle ?? t("home.blogSubtitle")}
          articles={withDefaults(blog, t)}
          viewAll={{ to: "/blog", label: t("home.viewAllPosts") }}
        />
      </div>
    </>
  );
}

function ProductSkeletons() {
  return (
    <>
      <SkeletonGrid count={HOME_LIMITS.top} className="mt-12 grid grid-cols-2 gap-4 md:grid-cols-4" />
      <SkeletonGrid count={HOME_LIMITS.trending} className="mt-12 grid grid-cols-2 gap-4 md:grid-cols-4" />
      <div className="mt-12">
        <SkeletonGrid count={HOME_LIMITS.latest} />
      </div>
    </>
  );
}

const DEFAULT_ARTICLES = ["one", "two", "three"] as const;

/** The strips are never empty: built-in articles stand in until editors publish some. */
function withDefaults(articles: ArticleCardData[], t: (key: string) => string): ArticleCardData[] {
  if (articles.length > 0) return articles;
  return DEFAULT_ARTICLES.map((key, i) => ({
    id: `default-${key}`,
    title: t(`home.defaultArticles.${key}.title`),
    excerpt: t(`home.defaultArticles.${key}.excerpt`),
    category: t("home.defaultCategory"),
    imageUrl: `/images/blog/${i + 1}.svg`,
    author: BLOG_DEFAULT_AUTHOR,
    readMinutes: BLOG_DEFAULT_READ_MINUTES,
    publishDate: null,
    href: null,
  }));
}

function StructuredData({ url }: { url: string }) {
  const { t } = useTranslation();
  const data = {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: t("meta.siteName"),
    description: t("meta.description", { members: MEMBER_COUNT }),
    url,
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${url}products?search={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
  return <JsonLd data={data} />;
}
