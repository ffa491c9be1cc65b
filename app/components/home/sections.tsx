import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArticleCard, type ArticleCardData } from "~/components/content/article-card";
import { COUNTRY_PORTALS, HOME_CATEGORIES, LANGUAGES } from "~/lib/constants";
import { categoryLabel } from "~/lib/i18n";
import { withSearchParam } from "~/lib/url";

export interface SectionText {
  title: string | null;
  subtitle: string | null;
  content: string | null;
  imageUrl?: string | null;
}

const button = "inline-block rounded-md px-5 py-2.5 font-semibold";

export function Hero({ hero, primary, secondary }: { hero: SectionText | null; primary: string; secondary: string }) {
  const { t } = useTranslation();
  return (
    <section className="bg-gradient-to-br from-slate-900 via-slate-800 to-orange-900 text-white">
      <div className="mx-auto max-w-7xl px-4 py-14 md:py-20">
        <h1 className="max-w-3xl text-3xl font-extrabold tracking-tight md:text-5xl">{hero?.title ?? t("home.title")}</h1>
        {hero?.subtitle && <p className="mt-4 max-w-2xl text-lg text-orange-100">{hero.subtitle}</p>}
        {hero?.content && <p className="mt-3 max-w-2xl text-slate-200">{hero.content}</p>}
        <div className="mt-8 flex flex-wrap items-center gap-3">
          <Link to="/membership" className={`${button} bg-orange-700 text-white hover:bg-orange-800`}>
            {primary}
          </Link>
          <Link to="/membership" className={`${button} bg-white text-slate-900 hover:bg-orange-50`}>
            {secondary}
          </Link>
          <span className="text-slate-200">
            {t("home.alreadyMember")}{" "}
            <Link to="/auth" className="font-semibold text-white underline underline-offset-2">
              {t("home.signIn")}
            </Link>
          </span>
        </div>
      </div>
    </section>
  );
}

/** A member's banner instead of the hero: 'Welcome' on their first visit, 'Welcome back' after. */
export function WelcomeBack({ name, firstVisit }: { name: string; firstVisit: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="bg-gradient-to-r from-orange-700 to-orange-600 text-white" data-testid="welcome-back">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-10">
        <div>
          <h1 className="text-2xl font-bold md:text-3xl">{t(firstVisit ? "home.welcomeNew" : "home.welcomeBack", { name })}</h1>
          <p className="mt-2 text-orange-50">{t(firstVisit ? "home.welcomeNewText" : "home.welcomeBackText")}</p>
        </div>
        <div className="flex gap-3">
          <Link to="/products" className={`${button} bg-white text-orange-800 hover:bg-orange-50`}>
            {t("home.browseProducts")}
          </Link>
          <Link to="/trade-leads/new?type=buy" className={`${button} border border-white text-white hover:bg-white/10`}>
            {t("home.postRequest")}
          </Link>
        </div>
      </div>
    </section>
  );
}

export function CategoryPanel() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-categories" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="home-categories" className="mb-3 text-lg font-bold">
        {t("home.categories")}
      </h2>
      <ul className="grid grid-cols-2 gap-1 text-sm sm:grid-cols-3 lg:grid-cols-1">
        {HOME_CATEGORIES.map((category) => (
          <li key={category}>
            <Link
              to={`/products?category=${encodeURIComponent(category)}`}
              className="block rounded px-2 py-1.5 text-slate-800 hover:bg-orange-50 hover:text-orange-800"
            >
              {categoryLabel(t, category)}
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/products" className="mt-2 block px-2 text-sm font-semibold text-orange-800 hover:underline">
        {t("home.viewMore")} →
      </Link>
    </section>
  );
}

export function PromoBanner({ promo }: { promo: SectionText | null }) {
  const { t } = useTranslation();
  if (!promo) return null;
  return (
    <section
      className="flex flex-col justify-between rounded-lg bg-gradient-to-br from-sky-800 to-sky-950 p-6 text-white shadow-sm"
      data-testid="email-promo"
    >
      <div>
        <h2 className="text-xl font-bold">{promo.title}</h2>
        {promo.subtitle && <p className="mt-1 text-sky-100">{promo.subtitle}</p>}
        {promo.content && <p className="mt-3 text-sm text-sky-50">{promo.content}</p>}
      </div>
      <Link to="/membership" className={`${button} mt-5 self-start bg-white text-sky-900 hover:bg-sky-50`}>
        {t("home.promoCta")}
      </Link>
    </section>
  );
}

const SERVICE_TILES = ["sourcing", "tradeshow", "rfq", "advertise"] as const;
const SERVICE_LINKS: Record<(typeof SERVICE_TILES)[number], string | null> = {
  sourcing: "/products",
  tradeshow: null,
  rfq: "/trade-leads",
  advertise: "/contact",
};

export function ServiceTiles() {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-1 content-start gap-3 sm:grid-cols-2">
      {SERVICE_TILES.map((key) => {
        const body = (
          <>
            <p className="font-semibold text-slate-900">{t(`home.service.${key}.title`)}</p>
            <p className="mt-1 text-sm text-slate-700">{t(`home.service.${key}.text`)}</p>
          </>
        );
        const link = SERVICE_LINKS[key];
        return (
          <li key={key} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            {link ? (
              <Link to={link} className="block hover:text-orange-800">
                {body}
              </Link>
            ) : (
              body
            )}
          </li>
        );
      })}
    </ul>
  );
}

const PREMIUM = ["sourcing", "logistics", "marketing", "finance", "instant", "research", "customs"] as const;

export function PremiumServices() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="premium-services" className="mt-14">
      <h2 id="premium-services" className="text-2xl font-bold">
        {t("home.premiumTitle")}
      </h2>
      <p className="mt-1 text-slate-700">{t("home.premiumSubtitle")}</p>
      <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="premium-services">
        {PREMIUM.map((key) => (
          <li key={key} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <p className="font-semibold text-slate-900">{t(`home.premium.${key}.title`)}</p>
            <p className="mt-2 text-sm text-slate-700">{t(`home.premium.${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A managed-content block (What We Do, Our Goals, …): the heading is ours, the text the editors'. */
export function ContentBlock({ id, heading, section }: { id: string; heading: string; section: SectionText | null }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-xl font-bold">
        {heading}
      </h2>
      {section?.subtitle && <p className="mt-1 font-medium text-orange-800">{section.subtitle}</p>}
      {section?.content && <p className="mt-3 text-slate-700">{section.content}</p>}
    </section>
  );
}

const PORTAL_KEYS: Record<(typeof COUNTRY_PORTALS)[number]["country"], string> = {
  Australia: "australia",
  USA: "usa",
  Canada: "canada",
  China: "china",
  "Hong Kong": "hongKong",
  India: "india",
};

export function CountryPortals() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <section aria-labelledby="country-portals" className="mt-14">
      <h2 id="country-portals" className="text-2xl font-bold">
        {t("home.countryPortals")}
      </h2>
      <p className="mt-1 text-slate-700">{t("home.countryPortalsText")}</p>
      <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {COUNTRY_PORTALS.map(({ country, lng }) => (
          <li key={country}>
            <a
              href={withSearchParam(location.pathname, location.search, "lng", lng)}
              hrefLang={lng}
              className="block rounded-lg border border-slate-200 bg-white p-4 text-center shadow-sm hover:border-orange-600"
            >
              <span className="block font-semibold text-slate-900">{t(`home.portal.${PORTAL_KEYS[country]}`)}</span>
              <span className="text-sm text-slate-700">
                {t("home.portalLanguage", { language: LANGUAGES.find((l) => l.code === lng)!.name })}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Columns that leave no card alone on a row: the news strip's four in one row of four (two rows of
 * two on a tablet), the blog's six in rows of three (or two), three stand-in articles in one row.
 */
function stripColumns(count: number) {
  if (count % 4 === 0) return "sm:grid-cols-2 lg:grid-cols-4";
  if (count % 6 === 0) return "sm:grid-cols-2 lg:grid-cols-3";
  if (count % 3 === 0) return "md:grid-cols-3";
  if (count % 2 === 0) return "sm:grid-cols-2";
  return "sm:grid-cols-2 lg:grid-cols-3";
}

export function ArticleStrip({
  id,
  title,
  subtitle,
  articles,
  testId,
  viewAll,
}: {
  id: string;
  title: string;
  subtitle?: string | null;
  articles: ArticleCardData[];
  testId: string;
  /** The index of every article of the strip's kind. */
  viewAll?: { to: string; label: string };
}) {
  return (
    <section aria-labelledby={id} className="mt-14" data-testid={testId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <h2 id={id} className="text-2xl font-bold">
          {title}
        </h2>
        {viewAll && (
          <Link to={viewAll.to} className="text-sm font-medium text-orange-800 hover:underline">
            {viewAll.label}
          </Link>
        )}
      </div>
      {subtitle && <p className="mt-1 text-slate-700">{subtitle}</p>}
      <ul className={`mt-5 grid gap-4 ${stripColumns(articles.length)}`}>
        {articles.map((article) => (
          <ArticleCard key={article.id} as="li" article={article} heading="h3" />
        ))}
      </ul>
    </section>
  );
}
