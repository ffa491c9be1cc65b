import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRouteError } from "@remix-run/react";
import { ForumRefusalPage, ForumShell } from "~/components/forum/forum-shell";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forumHeader, requireForumViewer } from "~/services/forum.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title, data?.subtitle);

/** Every forum level sits under this layout; each level's loader checks access for itself too. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireForumViewer(request, context);
  const [t, header] = await Promise.all([i18nServer.getFixedT(request), forumHeader(context, viewer)]);
  return { title: t("forum.title"), subtitle: t("forum.subtitle"), ...header };
}

export default function ForumLayout() {
  const { badge, unread } = useLoaderData<typeof loader>();
  return <ForumShell badge={badge} unread={unread} />;
}

/** A refusal from any level shows 'Trade Forum Access' (a 403 that carries no forum data). */
export function ErrorBoundary() {
  return <ForumRefusalPage error={useRouteError()} />;
}
