import { and, eq, ne } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { MemoryCache } from "~/lib/cache";
import { DEFAULT_PLAN, type ProfilePlan } from "~/lib/constants";
import { hashPassword, verifyPassword } from "~/lib/password.server";
import { needsUpgradeRequest } from "~/lib/permissions";
import { findPlan } from "~/models/membership.server";
import type { Database } from "../../db/client";
import { planUpgradeRequests, profiles, sessions, users } from "../../db/schema";

export interface User {
  id: string;
  email: string;
  fullName: string;
  companyName: string | null;
  plan: ProfilePlan;
  /** Opened the verification link sent to this address. */
  emailVerified: boolean;
}

export interface NewAccount {
  /** The language the member signed up in: their e-mails are written in it. */
  language?: string;
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
    .select({
      id: users.id,
      email: users.email,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      plan: profiles.membershipPlan,
      verifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) return null;
  const { verifiedAt, ...user } = row;
  return { ...user, plan: row.plan as ProfilePlan, emailVerified: verifiedAt !== null };
}

export async function isEmailTaken(db: Database, email: string) {
  return !!(await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get());
}

/**
 * Creates the user, the profile and (for a paid plan choice) the upgrade request in one batch,
 * so either all of it exists or none. Returns null when the e-mail is already registered.
 */
/**
 * Makes the account (user, profile, and an upgrade request for a paid plan) in one batch, with
 * `also`: what the account's creation causes (its verification e-mail), written with it or not at all.
 */
export async function createAccount(
  db: Database,
  account: NewAccount,
  { id = crypto.randomUUID(), also = [] }: { id?: string; also?: readonly BatchItem<"sqlite">[] } = {},
) {
  const passwordHash = await hashPassword(account.password);
  const paidPlan = needsUpgradeRequest(account.requestedPlan) ? await findPlan(db, account.requestedPlan!) : null;
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
        language: account.language ?? "en",
      }),
      ...(paidPlan ? [db.insert(planUpgradeRequests).values({ userId: id, requestedPlan: paidPlan.name })] : []),
      ...also,
    ]);
  } catch (error) {
    if (String((error as Error)?.cause ?? error).includes("UNIQUE constraint failed: users.email")) return null;
    throw error;
  }
  return id;
}

// Verifying against a real hash when the e-mail is unknown keeps both answers equally slow,
// so timing does not tell which e-mails have accounts. Made once per isolate (a hash costs as
// much as a sign-in); the value is kept, never the promise.
const decoyHashCache = new MemoryCache<string>({ max: 1 });

/** The user whose e-mail and password match, or null. */
export async function verifyLogin(db: Database, email: string, password: string) {
  const row = await db.select().from(users).where(eq(users.email, email)).get();
  if (!row) {
    let decoyHash = decoyHashCache.get("decoy");
    if (!decoyHash) decoyHashCache.set("decoy", (decoyHash = await hashPassword(crypto.randomUUID())));
    await verifyPassword(password, decoyHash);
    return null;
  }
  // A suspended account does not sign in, whatever the password (checked all the same: no timing tells).
  const matches = await verifyPassword(password, row.passwordHash);
  return matches && row.suspendedAt === null ? getUserById(db, row.id) : null;
}

/** A member by e-mail address (for a password reset, or to warn them of a sign-up with it), or null. */
export async function findUserByEmail(db: Database, email: string) {
  const row = await db
    .select({ id: users.id, email: users.email, fullName: profiles.fullName, language: profiles.language })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.email, email))
    .get();
  return row ?? null;
}

/** What /settings shows and edits of the member's own account. */
export async function getOwnAccount(db: Database, userId: string) {
  const row = await db
    .select({
      email: users.email,
      verifiedAt: users.emailVerifiedAt,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      mobileNumber: profiles.mobileNumber,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .get();
  return row ?? null;
}

export async function updateOwnProfile(
  db: Database,
  userId: string,
  input: { fullName: string; companyName?: string | null; mobileNumber?: string | null },
) {
  await db
    .update(profiles)
    .set({ fullName: input.fullName, companyName: input.companyName ?? null, mobileNumber: input.mobileNumber ?? null })
    .where(eq(profiles.id, userId));
}

/** Whether `password` is the member's own (slow on purpose, as every password check). */
export async function isOwnPassword(db: Database, userId: string, password: string) {
  const row = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  return !!row && (await verifyPassword(password, row.passwordHash));
}

/** A new password: every other session of the account ends with it; the one asking stays signed in. */
export async function setOwnPassword(db: Database, userId: string, password: string, keepSessionId: string) {
  const passwordHash = await hashPassword(password);
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, userId)),
    db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))),
  ]);
}
