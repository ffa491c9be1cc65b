import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, NavLink, Outlet, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cmsButton } from "~/components/content/cms-articles";
import { LanguageChoice } from "~/components/content/cms-translations";
import { CMS_TABS, cmsLanguage, cmsPath, type CmsTabPath } from "~/lib/cms";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { requireAdmin } from "~/services/auth.server";

// The CMS: page content (/cms), blog posts (/cms/blog) and news articles (/cms/news), each a route
// with its own loader and action; this layout holds what they share: the title, Sign Out, the tabs
// and the content language.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const t = await i18nServer.getFixedT(request);
  return { title: t("content.cms.title") };
}

export default function Cms() {
  const location = useLocation();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const search = new URLSearchParams(location.search);
  const language = cmsLanguage(search);
  const tab: CmsTabPath = CMS_TABS.find((candidate) => candidate.path === location.pathname.replace(/\/$/, ""))?.path ?? "/cms";
  // Another language keeps the tab and the row being edited.
  const edit = search.get("edit");
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/cms");
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
          <button type="submit" className={cmsButton}>
            {t("content.cms.signOut")}
          </button>
        </Form>
      </div>
      <nav aria-label={t("content.cms.tabs")} className="mt-6 grid max-w-xl grid-cols-3 gap-1 rounded-lg bg-slate-200 p-1">
        {CMS_TABS.map(({ path, label }) => (
          <NavLink
            key={path}
            to={cmsPath(path, language)}
            end
            className="rounded-md px-2 py-2 text-center text-sm font-semibold text-slate-800 hover:bg-white/60 aria-[current=page]:bg-white aria-[current=page]:shadow-sm"
          >
            {t(label)}
          </NavLink>
        ))}
      </nav>
      <LanguageChoice current={language} hrefFor={(code) => cmsPath(tab, code, edit ? { edit } : {})} />
      {loading && (
        <p role="status" className="mt-4 text-slate-700">
          {t("content.cms.loading")}
        </p>
      )}
      <Outlet />
    </div>
  );
}
