import type { AppLoadContext } from "@remix-run/cloudflare";
import { ADMIN_TEST_USER_ID } from "~/lib/constants";
import type { ForumRefusal } from "~/lib/forum-schemas";
import { canUseForum } from "~/lib/permissions";
import { countOwnUnread } from "~/models/messages.server";
import { getUserById, type User } from "~/models/users.server";
import { getActor, getUser } from "~/services/auth.server";

type ForumBadge = "adminAccess" | "adminTestMode" | "premiumMember";

export interface ForumViewer {
  user: User | null;
  admin: boolean;
  /** Admin mode without a member of one's own: posts go out as the seeded Premium Test User. */
  testMode: boolean;
  /** Who the viewer's posts are written as; null when there is nobody to post as. */
  poster: User | null;
  badge: ForumBadge;
}

/** The refusal of the forum's guard: a 403 whose body tells the access screen only what it needs. */
function forumRefusal(user: User | null) {
  return Response.json({ forumAccess: { signedIn: !!user, plan: user?.plan ?? null } } satisfies ForumRefusal, { status: 403 });
}

/** The forum's guard: paid members and admins (`canUseForum`); anyone else gets `forumRefusal`. */
export async function requireForumViewer(request: Request, context: AppLoadContext): Promise<ForumViewer> {
  const { user, admin } = await getActor(request, context);
  if (!canUseForum({ user, admin })) throw forumRefusal(user);
  const testMode = admin && !user;
  const poster = testMode ? await getUserById(context.db, ADMIN_TEST_USER_ID) : user;
  const badge: ForumBadge = testMode ? "adminTestMode" : admin ? "adminAccess" : "premiumMember";
  return { user, admin, testMode, poster, badge };
}

/**
 * Private messages need a member of one's own: a visitor, or an admin session without one, gets
 * the 'Sign In Required' screen (401), even where the forum itself would let them in or refuse them.
 */
export async function requireMessagingMember(request: Request, context: AppLoadContext) {
  if (!(await getUser(request, context))) throw Response.json({ signInRequired: true }, { status: 401 });
  const viewer = await requireForumViewer(request, context);
  return { ...viewer, user: viewer.user! };
}

/** The forum header's figures: the badge and the member's unread messages. */
export async function forumHeader(context: AppLoadContext, viewer: ForumViewer) {
  return { badge: viewer.badge, unread: viewer.user ? await countOwnUnread(context.db, viewer.user.id) : 0 };
}
