import { and, desc, eq } from "drizzle-orm";
import { PLAN_TO_PROFILE } from "~/lib/constants";
import type { SiteUrl } from "~/lib/site";
import { notifyStatements } from "~/models/notifications.server";
import type { Database } from "../../db/client";
import { membershipPlans, planUpgradeRequests, profiles } from "../../db/schema";

// Membership plans and the upgrade requests that move a member between them.

export function listMembershipPlans(db: Database) {
  return db.select().from(membershipPlans).orderBy(membershipPlans.sortOrder);
}

export async function findPlan(db: Database, name: string) {
  return (await db.select().from(membershipPlans).where(eq(membershipPlans.name, name)).get()) ?? null;
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

/**
 * Approves or rejects a pending request; approval sets the member's plan and tells them. The
 * writes sit in one batch and each is conditional on the request still being pending, so a
 * concurrent decision can never apply twice or upgrade a request already rejected. False when not
 * pending.
 */
export async function decideUpgradeRequest(db: Database, requestId: string, approve: boolean, site: SiteUrl, now = Date.now()) {
  const request = await db
    .select()
    .from(planUpgradeRequests)
    .where(and(eq(planUpgradeRequests.id, requestId), eq(planUpgradeRequests.status, "pending")))
    .get();
  if (!request) return false;
  const plan = PLAN_TO_PROFILE[request.requestedPlan as keyof typeof PLAN_TO_PROFILE];
  const d1 = db.$client;
  const decide = d1
    .prepare("update plan_upgrade_requests set status = ?2, decided_at = ?3 where id = ?1 and status = 'pending' returning id")
    .bind(requestId, approve ? "approved" : "rejected", now);
  if (!approve || !plan) return (await decide.all()).results.length > 0;
  const [, decided] = await d1.batch([
    d1
      .prepare(
        "update profiles set membership_plan = ?3 where id = ?2 and exists (select 1 from plan_upgrade_requests where id = ?1 and status = 'pending')",
      )
      .bind(requestId, request.userId, plan),
    decide,
    ...notifyStatements(
      d1,
      {
        kind: "upgrade_approved",
        recipientSql: "r.user_id",
        dataSql: "json_object('plan', r.requested_plan)",
        linkSql: "'/membership'",
        fromSql: "from plan_upgrade_requests r where r.id = ?1 and r.status = 'approved' and r.decided_at = ?2",
        params: [requestId, now],
      },
      site,
      now,
    ),
  ]);
  return decided.results.length > 0;
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
  const pending = await db
    .select()
    .from(planUpgradeRequests)
    .where(and(eq(planUpgradeRequests.userId, userId), eq(planUpgradeRequests.status, "pending")))
    .get();
  if (pending)
    await db
      .update(planUpgradeRequests)
      .set({ requestedPlan: planName, createdAt: new Date() })
      .where(eq(planUpgradeRequests.id, pending.id));
  else await db.insert(planUpgradeRequests).values({ userId, requestedPlan: planName });
}
