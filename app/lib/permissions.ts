import type { ProfilePlan } from "~/lib/constants";

// Who may see or do what, each rule once. Guards (app/services/auth.server.ts), routes and models
// ask these; none writes a plan name of its own. A profile's plan is free, premium (= silver),
// professional (= gold), enterprise (= platinum) or admin.

/** Someone asking: the signed-in member (null for a visitor) and whether the session is in admin mode. */
export interface Actor {
  user: { id: string; plan: ProfilePlan } | null;
  /** Admin mode: a session unlocked with the admin password, or a member whose plan is admin. */
  admin: boolean;
}

/** Any plan but free: premium, professional, enterprise, and admin. */
export function isPaidPlan(plan: ProfilePlan) {
  return plan !== "free";
}

/** Admin mode: the session was unlocked with the admin password, or the member's plan is admin. */
export function isAdministrator(sessionUnlocked: boolean, plan: ProfilePlan | null | undefined) {
  return sessionUnlocked || plan === "admin";
}

/** The trade forum and private messages: paid members and admins. */
export function canUseForum({ user, admin }: Actor) {
  return admin || (!!user && isPaidPlan(user.plan));
}

/** Whether the actor owns what `ownerId` names (a lead, a catalog, a company). */
export function isOwner({ user }: Actor, ownerId: string | null | undefined) {
  return !!user && !!ownerId && user.id === ownerId;
}

/**
 * Contact details of a trade lead or a company (e-mail, phone): paid members, admins and the
 * owner. A free member sees only their own, a visitor none; everyone else's are left out of the
 * data, not hidden in the page.
 */
export function canSeeContactDetails(actor: Actor, ownerId: string) {
  return actor.admin || (!!actor.user && isPaidPlan(actor.user.plan)) || isOwner(actor, ownerId);
}

/**
 * A request for quotation, its quote and its thread: its buyer, the supplier it is addressed to,
 * and admins; nobody else learns it exists.
 */
export function canSeeRequest(actor: Actor, request: { buyerId: string | null; supplierId: string | null }) {
  return actor.admin || isOwner(actor, request.buyerId) || isOwner(actor, request.supplierId);
}

/**
 * The buyer's e-mail and phone on a request: a paid supplier (the trade-leads rule), admins, and
 * the buyer; otherwise the platform's thread is the channel.
 */
export function canSeeBuyerContact(actor: Actor, buyerId: string | null) {
  return actor.admin || (!!actor.user && isPaidPlan(actor.user.plan)) || isOwner(actor, buyerId);
}

/**
 * What other members receive (requests for quotation, quotes, request messages, private
 * messages, trade leads, forum posts) comes only from members whose e-mail address is verified.
 */
export function canReachOthers(user: { emailVerified: boolean }) {
  return user.emailVerified;
}

/**
 * Content an admin hid after reports (`hiddenReason` set): its author, told why, and admins; for
 * everyone else it is left out of the data. Shown content is for everyone who may see it at all.
 */
export function canSeeContent(actor: Actor, content: { hiddenReason: string | null; authorId: string | null }) {
  return content.hiddenReason === null || actor.admin || isOwner(actor, content.authorId);
}
