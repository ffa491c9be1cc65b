import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRouteError } from "@remix-run/react";
import { ForumRefusalPage, ForumShell } from "~/components/forum/forum-shell";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forumHeader, requireMessagingMember } from "~/services/forum.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

/** Private messages: a member of one's own with forum access; each page's loader checks it too. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireMessagingMember(request, context);
  const [t, header] = await Promise.all([i18nServer.getFixedT(request), forumHeader(context, viewer)]);
  return { title: t("forum.messages.title"), ...header };
}

// Opening a message changes the unread count beside the Messages button: read it again on every visit.
export const shouldRevalidate = () => true;

export default function MessagesLayout() {
  const { badge, unread } = useLoaderData<typeof loader>();
  return <ForumShell badge={badge} unread={unread} />;
}

export function ErrorBoundary() {
  return <ForumRefusalPage error={useRouteError()} redirectTo="/messages" subject="messages" />;
}
