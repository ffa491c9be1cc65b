import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ForumAccess } from "~/components/forum/forum-access";
import { ForumHeader } from "~/components/forum/forum-header";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forumHeader, requireForumViewer, type ForumRefusal } from "~/services/forum.server";
import { NotFound } from "~/root";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title, data?.subtitle);

/** Every forum level sits under this layout; each level's loader checks access for itself too. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireForumViewer(request, context);
  const [t, header] = await Promise.all([i18nServer.getFixedT(request), forumHeader(context, viewer)]);
  return json({ title: t("forum.title"), subtitle: t("forum.subtitle"), ...header });
}

export default function ForumLayout() {
  const { badge, unread } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <ForumHeader badge={badge} unread={unread} />
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

/** A refusal from any level shows 'Trade Forum Access' (a 403 that carries no forum data). */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 403 && (error.data as ForumRefusal | null)?.forumAccess) {
    const { signedIn, plan } = (error.data as ForumRefusal).forumAccess;
    return <ForumAccess signedIn={signedIn} plan={plan} />;
  }
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const badRequest = isRouteErrorResponse(error) && error.status >= 400 && error.status < 500;
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{badRequest ? t("error.badRequestTitle") : t("error.title")}</h1>
      <p className="mt-3 text-slate-700">{badRequest ? t("error.badForm") : t("error.description")}</p>
    </section>
  );
}
