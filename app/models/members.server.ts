import { desc, eq, or, sql, type SQL } from "drizzle-orm";
import { ADMIN_MEMBERS_PAGE_SIZE, DEFAULT_PLAN, SEARCH_COUNT_CAP, type ProfilePlan } from "~/lib/constants";
import { containsText } from "~/lib/sql.server";
import type { Database } from "../../db/client";
import { catalogs, planUpgradeRequests, profiles, users } from "../../db/schema";

// The admins' list of members (Members & Upgrades): who they are, their plan, whether their
// e-mail address and their companies are verified, and whether they are suspended.

/** Where a company stands with 'Verified Supplier': verified now, an application waiting, the last one rejected, or none. */
export type CompanyVerification = "verified" | "pending" | "rejected" | "none";

interface RawCompany {
  id: string;
  name: string;
  verifiedUntil: number | null;
  latest: "pending" | "approved" | "rejected" | "lapsed" | null;
}

/** A member's term matches their e-mail address, name, or the name of their profile's or any of their catalogs' company. */
function matches(term: string): SQL | undefined {
  if (!term) return undefined;
  return or(
    containsText(users.email, term),
    containsText(profiles.fullName, term),
    containsText(profiles.companyName, term),
    sql`exists (select 1 from ${catalogs} c where c.user_id = ${users.id} and ${containsText(sql`c.company_name`, term)})`,
  );
}

// Each member's companies with their latest application, as one JSON column of the page's rows.
const companiesJson = sql<string>`(select json_group_array(json_object('id', c.id, 'name', c.company_name,
  'verifiedUntil', c.verified_until,
  'latest', (select v.status from verifications v where v.catalog_id = c.id order by v.created_at desc limit 1)))
  from (select * from ${catalogs} where user_id = ${users.id} order by created_at) c)`.as("companies");

/**
 * A page of members, newest first, optionally only those whose e-mail address, name or company
 * contains the term (any case). The term is matched with instr (no LIKE pattern, so no length
 * limit of D1's), which no index serves: the page walks the members in rowid order (no sort) and
 * stops when it has its rows; the count stops past SEARCH_COUNT_CAP; the page is capped by the
 * caller (`pageFrom`). Only a term that few members match reads every member once.
 */
export async function listMembersForAdmin(db: Database, term: string, page: number, now = Date.now()) {
  const where = matches(term);
  const newestFirst = desc(sql`${users}.rowid`);
  const [rows, [{ total }]] = await db.batch([
    db
      .select({
        id: users.id,
        email: users.email,
        emailVerifiedAt: users.emailVerifiedAt,
        suspendedAt: users.suspendedAt,
        memberSince: users.createdAt,
        fullName: profiles.fullName,
        companyName: profiles.companyName,
        plan: sql<ProfilePlan>`coalesce(${profiles.membershipPlan}, ${DEFAULT_PLAN})`.as("plan"),
        pendingUpgradeId: sql<string | null>`(select id from ${planUpgradeRequests} r
          where r.user_id = ${users.id} and r.status = 'pending' limit 1)`.as("pending_upgrade_id"),
        pendingUpgradePlan: sql<string | null>`(select requested_plan from ${planUpgradeRequests} r
          where r.user_id = ${users.id} and r.status = 'pending' limit 1)`.as("pending_upgrade_plan"),
        companies: companiesJson,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(where)
      .orderBy(newestFirst)
      .limit(ADMIN_MEMBERS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_MEMBERS_PAGE_SIZE),
    db.select({ total: sql<number>`count(*)` }).from(
      db
        .select({ one: sql`1`.as("one") })
        .from(users)
        .leftJoin(profiles, eq(profiles.id, users.id))
        .where(where)
        .limit(SEARCH_COUNT_CAP + 1)
        .as("matched"),
    ),
  ]);
  const members = rows.map(({ companies, ...member }) => ({
    ...member,
    companies: (JSON.parse(companies) as RawCompany[]).map(({ id, name, verifiedUntil, latest }) => ({
      id,
      name,
      verifiedUntil,
      verification: companyVerification(verifiedUntil, latest, now),
    })),
  }));
  return { members, total };
}

function companyVerification(verifiedUntil: number | null, latest: RawCompany["latest"], now: number): CompanyVerification {
  if (verifiedUntil !== null && verifiedUntil > now) return "verified";
  if (latest === "pending" || latest === "rejected") return latest;
  return "none";
}
