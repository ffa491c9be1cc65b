import { MEMBERSHIP_PLAN_NAMES, PLAN_TO_PROFILE, type MembershipPlanName, type ProfilePlan } from "~/lib/constants";

// Who may see or do what, each rule once. Guards (app/services/auth.server.ts), routes and models
// ask these; none writes a plan name of its own. A profile's plan is free, premium (= silver),
// professional (= gold), enterprise (= platinum) or admin. Where a rule must run inside SQL, its
// fragment stands beside the function (over `profiles` under the alias given, `p` by default), so
// the rule is still written once; an integration test holds each fragment to its function.

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
/** `isPaidPlan` for a WHERE clause over `profiles`. */
export const paidPlanSql = (p = "p") => `${p}.membership_plan <> 'free'`;

/** The plans a member can ask to be upgraded to (every plan of the list but free). */
export const UPGRADE_PLAN_NAMES = MEMBERSHIP_PLAN_NAMES.filter((name) => isPaidPlan(PLAN_TO_PROFILE[name])) as Exclude<
  MembershipPlanName,
  "free"
>[];

/** Whether choosing this plan of the list asks an admin for an upgrade (a paid plan) or not (free, or no such plan). */
export function needsUpgradeRequest(name: string | null | undefined) {
  return !!name && Object.hasOwn(PLAN_TO_PROFILE, name) && isPaidPlan(PLAN_TO_PROFILE[name as MembershipPlanName]);
}

/** The plan of the list whose limits (catalogs, products) apply to a profile: admins get the top tier's. */
export function limitsPlanOf(plan: ProfilePlan): MembershipPlanName {
  if (plan === "admin") return MEMBERSHIP_PLAN_NAMES[MEMBERSHIP_PLAN_NAMES.length - 1];
  return MEMBERSHIP_PLAN_NAMES.find((name) => PLAN_TO_PROFILE[name] === plan) ?? MEMBERSHIP_PLAN_NAMES[0];
}

/** Admin mode: the session was unlocked with the admin password, or the member's plan is admin. */
export function isAdministrator(sessionUnlocked: boolean, plan: ProfilePlan | null | undefined) {
  return sessionUnlocked || plan === "admin";
}

/** The trade forum and private messages: paid members and admins. */
export function canUseForum({ user, admin }: Actor) {
  return admin || (!!user && isPaidPlan(user.plan));
}

/** Pinning and locking forum topics: admins only. */
export function canModerateForum({ admin }: Actor) {
  return admin;
}

/** Who may receive a private message: a member on a paid plan, never the sender themself. */
export function canReceiveMessage(recipient: { id: string; plan: ProfilePlan }, senderId: string) {
  return isPaidPlan(recipient.plan) && recipient.id !== senderId;
}
/** `canReceiveMessage` for a WHERE clause over `profiles`; `sender` is the SQL of the sender's id. */
export const canReceiveMessageSql = (sender: string, p = "p") => `${paidPlanSql(p)} and ${p}.id <> ${sender}`;

/** Admins cannot be suspended (an admin's account is the one that lifts suspensions). */
export function canBeSuspended(plan: ProfilePlan) {
  return plan !== "admin";
}
/** `canBeSuspended` for a WHERE clause over `profiles`. */
export const canBeSuspendedSql = (p = "p") => `${p}.membership_plan <> 'admin'`;

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
