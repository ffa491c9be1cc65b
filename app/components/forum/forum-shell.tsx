import { isRouteErrorResponse, Outlet } from "@remix-run/react";
import { ForumAccess, SignInRequired } from "~/components/forum/forum-access";
import { ForumHeader } from "~/components/forum/forum-header";
import { ErrorPage } from "~/components/layout/error-page";
import type { ForumRefusal } from "~/lib/forum-schemas";

/** The layout of the forum and of private messages: the header with its badge and Messages button. */
export function ForumShell({ badge, unread }: Parameters<typeof ForumHeader>[0]) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <ForumHeader badge={badge} unread={unread} />
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

/**
 * A refusal from any level: 'Sign In Required' (401, messages), or 'Trade Forum Access' (a 403
 * that carries no forum data; its private messages' counterpart under /messages); anything else is
 * the site's error page.
 */
export function ForumRefusalPage({ error, redirectTo, subject }: { error: unknown; redirectTo?: string; subject?: "forum" | "messages" }) {
  if (isRouteErrorResponse(error) && error.status === 401) return <SignInRequired />;
  const refusal = isRouteErrorResponse(error) && error.status === 403 ? (error.data as ForumRefusal | null)?.forumAccess : null;
  if (refusal) return <ForumAccess signedIn={refusal.signedIn} plan={refusal.plan} redirectTo={redirectTo} subject={subject} />;
  return <ErrorPage error={error} />;
}
