import type { AppLoadContext } from "@remix-run/cloudflare";
import { ADMIN_TEST_USER_ID, FORUM_PLANS } from "~/lib/constants";
import { countOwnUnread } from "~/models/messages.server";
import { getUserById, type User } from "~/models/users.server";
import { getUser, isAdmin } from "~/services/auth.server";

/** What a refused visitor may be told: whether they are signed in, and their plan. Nothing of the forum. */
export interface ForumRefusal {
  forumAccess: { signedIn: boolean; plan: string | null };
}

export type ForumBadge = "adminAccess" | "adminTestMode" | "premiumMember";

export interface ForumViewer {
  user: User | null;
  admin: boolean;
  /** Admin mode without a member of one's own: posts go out as the seeded Premium Test User. */
  testMode: boolean;
  /** Who the viewer's posts are written as; null when there is nobody to post as. */
  poster: User | null;
  badge: ForumBadge;
}

/**
 * The forum's guard (DECISIONS 7): plan admin, premium, professional or enterprise, or the admin
 * session. Anyone else gets a 403 whose body tells the access screen only what it needs.
 */
export async function requireForumViewer(request: Request, context: AppLoadContext): Promise<ForumViewer> {
  const [user, admin] = await Promise.all([getUser(request, context), isAdmin(request, context)]);
  if (!admin && !(user && FORUM_PLANS.includes(user.plan))) {
    throw Response.json({ forumAccess: { signedIn: !!user, plan: user?.plan ?? null } }, { status: 403 });
  }
  const testMode = admin && !user;
  const poster = testMode ? await getUserById(context.db, ADMIN_TEST_USER_ID) : user;
  const badge: ForumBadge = testMode ? "adminTestMode" : admin ? "adminAccess" : "premiumMember";
  return { user, admin, testMode, poster, badge };
}

/** Private messages need a member of one's own (401 otherwise, the 'Sign In Required' screen) with forum access. */
export async function requireMessagingMember(request: Request, context: AppLoadContext) {
  const viewer = await requireForumViewer(request, context).catch((error: unknown) => {
    // A visitor without a member gets the sign-in screen, even when the forum itself would refuse.
    if (error instanceof Response && error.status === 403) return null;
    throw error;
  });
  const user = viewer?.user ?? (await getUser(request, context));
  if (!user) throw Response.json({ signInRequired: true }, { status: 401 });
  if (!viewer) throw Response.json({ forumAccess: { signedIn: true, plan: user.plan } }, { status: 403 });
  return { ...viewer, user };
}

/** The forum header's figures: the badge and the member's unread messages. */
export async function forumHeader(context: AppLoadContext, viewer: ForumViewer) {
  return { badge: viewer.badge, unread: viewer.user ? await countOwnUnread(context.db, viewer.user.id) : 0 };
}
