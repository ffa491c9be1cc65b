import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../load-context";
import { membershipPlans, planUpgradeRequests, profiles, users } from "../../db/schema";
import { DEFAULT_PLAN, PLAN_TO_PROFILE, type ProfilePlan } from "~/lib/constants";
import { hashPassword, verifyPassword } from "~/lib/password.server";

export interface User {
  id: string;
  email: string;
  fullName: string;
  companyName: string | null;
  plan: ProfilePlan;
}

export interface NewAccount {
  email: string;
  password: string;
  fullName: string;
  companyName?: string | null;
  mobileNumber?: string | null;
  country?: string | null;
  businessType?: string | null;
  businessActivity?: string | null;
  position?: string | null;
  numberOfEmployees?: string | null;
  annualTurnover?: string | null;
  address?: string | null;
  /** A paid plan chosen at registration: stored as an upgrade request, the account starts free. */
  requestedPlan?: string | null;
}

export async function getUserById(db: Database, id: string): Promise<User | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, fullName: profiles.fullName, companyName: profiles.companyName, plan: profiles.membershipPlan })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, id))
    .limit(1);
  return row ? { ...row, plan: row.plan as ProfilePlan } : null;
}

export async function isEmailTaken(db: Database, email: string) {
  return !!(await db.query.users.findFirst({ columns: { id: true }, where: eq(users.email, email) }));
}

/**
 * Creates the user, the profile and (for a paid plan choice) the upgrade request in one batch,
 * so either all of it exists or none. Returns null when the e-mail is already registered.
 */
export async function createAccount(db: Database, account: NewAccount) {
  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(account.password);
  const paidPlan = account.requestedPlan && account.requestedPlan !== "free" ? await findPlan(db, account.requestedPlan) : null;
  try {
    await db.batch([
      db.insert(users).values({ id, email: account.email, passwordHash }),
      db.insert(profiles).values({
        id,
        email: account.email,
        fullName: account.fullName,
        companyName: account.companyName ?? null,
        mobileNumber: account.mobileNumber ?? null,
        country: account.country ?? null,
        businessType: account.businessType ?? null,
        businessActivity: account.businessActivity ?? null,
        position: account.position ?? null,
        numberOfEmployees: account.numberOfEmployees ?? null,
        annualTurnover: account.annualTurnover ?? null,
        address: account.address ?? null,
        membershipPlan: DEFAULT_PLAN,
      }),
      ...(paidPlan ? [db.insert(planUpgradeRequests).values({ userId: id, requestedPlan: paidPlan.name })] : []),
    ]);
  } catch (error) {
    if (String((error as Error)?.cause ?? error).includes("UNIQUE constraint failed: users.email")) return null;
    throw error;
  }
  return id;
}

// Verifying against a real hash when the e-mail is unknown keeps both answers equally slow,
// so timing does not tell which e-mails have accounts.
let decoyHash: Promise<string> | null = null;

/** The user whose e-mail and password match, or null. */
export async function verifyLogin(db: Database, email: string, password: string) {
  const row = await db.query.users.findFirst({ where: eq(users.email, email) });
  if (!row) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    await verifyPassword(password, await decoyHash);
    return null;
  }
  return (await verifyPassword(password, row.passwordHash)) ? getUserById(db, row.id) : null;
}

export function listMembershipPlans(db: Database) {
  return db.select().from(membershipPlans).orderBy(membershipPlans.sortOrder);
}

export async function findPlan(db: Database, name: string) {
  return (await db.query.membershipPlans.findFirst({ where: eq(membershipPlans.name, name) })) ?? null;
}

export function listPendingUpgradeRequests(db: Database) {
  return db
    .select({
      id: planUpgradeRequests.id,
      requestedPlan: planUpgradeRequests.requestedPlan,
      createdAt: planUpgradeRequests.createdAt,
      email: profiles.email,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      currentPlan: profiles.membershipPlan,
    })
    .from(planUpgradeRequests)
    .innerJoin(profiles, eq(profiles.id, planUpgradeRequests.userId))
    .where(eq(planUpgradeRequests.status, "pending"))
    .orderBy(desc(planUpgradeRequests.createdAt));
}

/** Approves or rejects a pending request; approval sets the member's plan. False when not pending. */
export async function decideUpgradeRequest(db: Database, requestId: string, approve: boolean) {
  const request = await db.query.planUpgradeRequests.findFirst({
    where: and(eq(planUpgradeRequests.id, requestId), eq(planUpgradeRequests.status, "pending")),
  });
  if (!request) return false;
  const plan = PLAN_TO_PROFILE[request.requestedPlan as keyof typeof PLAN_TO_PROFILE];
  const decided = db
    .update(planUpgradeRequests)
    .set({ status: approve ? "approved" : "rejected", decidedAt: new Date() })
    .where(and(eq(planUpgradeRequests.id, requestId), eq(planUpgradeRequests.status, "pending")));
  if (approve && plan) await db.batch([decided, db.update(profiles).set({ membershipPlan: plan }).where(eq(profiles.id, request.userId))]);
  else await decided;
  return true;
}

/** A plan's features as a list: a single string becomes a one-item list, anything else text. */
export function planFeatures(features: unknown): string[] {
  if (Array.isArray(features)) return features.map((f) => (typeof f === "string" ? f : JSON.stringify(f)));
  if (typeof features === "string") return [features];
  if (features === null || features === undefined) return [];
  return [typeof features === "object" ? JSON.stringify(features) : String(features)];
}

/** A signed-in member asks for a paid plan; one pending request per member is enough. */
export async function requestUpgrade(db: Database, userId: string, planName: string) {
  const pending = await db.query.planUpgradeRequests.findFirst({
    where: and(eq(planUpgradeRequests.userId, userId), eq(planUpgradeRequests.status, "pending")),
  });
  if (pending) await db.update(planUpgradeRequests).set({ requestedPlan: planName, createdAt: new Date() }).where(eq(planUpgradeRequests.id, pending.id));
  else await db.insert(planUpgradeRequests).values({ userId, requestedPlan: planName });
}
