// Issue 38, item 18: Members & Upgrades lists the members, found by e-mail address, name or company
// (a GET form, a page at a time), with their plan, e-mail verification, their companies'
// verification and their suspension; admins suspend and lift from there.
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_MEMBERS_PAGE_SIZE } from "~/lib/constants";
import { listMembersForAdmin } from "~/models/members.server";
import { makeDb } from "../../db/client";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import { probeD1 } from "../support/d1-probe";
import { createCompany, createUser, db, get, loaderData, post, sessionCookie } from "../support/factories";

const ROUTE = "routes/admin.members";

interface Member {
  id: string;
  email: string;
  fullName: string | null;
  plan: string;
  emailVerifiedAt: string | null;
  suspendedAt: string | null;
  mayBeSuspended: boolean;
  pendingUpgradeId: string | null;
  companies: { id: string; name: string; verification: string }[];
}
interface MembersPage {
  q: string;
  page: number;
  pages: number;
  total: number;
  members: Member[];
}

let admin: string;
beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
  admin = await sessionCookie(null, true);
});

const list = (search: string) => loaderData<MembersPage>(`/admin/members${search}`, ROUTE, admin);
const emails = (page: MembersPage) => page.members.map((m) => m.email);

async function named(fullName: string, companyName: string | null, email?: string) {
  const user = await createUser({ email });
  await db.update(schema.profiles).set({ fullName, companyName }).where(eq(schema.profiles.id, user.id));
  return user;
}

describe("the member list", () => {
  it("finds a member by e-mail address, name or company (the profile's or a catalog's), in any case", async () => {
    const ada = await named("Ada Lovelace", "Analytical Engines", "ada.zebrafinch@example.com");
    const { owner } = await createCompany("Quetzal Imports");
    await named("Someone Else", "Other Co");

    expect(emails(await list("?q=ZEBRAFINCH"))).toEqual([ada.email]);
    expect(emails(await list("?q=lovelace"))).toEqual([ada.email]);
    expect(emails(await list("?q=analytical%20engines"))).toEqual([ada.email]);
    expect(emails(await list("?q=quetzal"))).toEqual([owner.email]);
    // The term is text, not a pattern; a term far longer than D1's 50-byte LIKE patterns is fine.
    expect(emails(await list("?q=%25"))).toEqual([]);
    expect(emails(await list("?q=_"))).toEqual([]);
    const long = "貿易".repeat(40);
    const longSearch = await get(`/admin/members?q=${encodeURIComponent(long)}`, admin);
    expect(longSearch.status).toBe(200);
    expect(await longSearch.text()).toContain("No member matches.");
  });

  it("pages through the members, newest first, and keeps the search in the page links", async () => {
    const made: string[] = [];
    for (let i = 0; i < ADMIN_MEMBERS_PAGE_SIZE + 3; i++) made.push((await named(`Pelican ${i}`, null)).email);
    const first = await list("?q=pelican");
    expect(first.total).toBe(ADMIN_MEMBERS_PAGE_SIZE + 3);
    expect(first.pages).toBe(2);
    expect(emails(first)).toEqual(made.slice(3).reverse());
    expect(emails(await list("?q=pelican&page=2"))).toEqual(made.slice(0, 3).reverse());
    const html = await (await get("/admin/members?q=pelican", admin)).text();
    expect(html).toContain('href="/admin/members?q=pelican&amp;page=2"');
    expect(html).toContain("28 members");
  });

  it("shows each member's plan, e-mail verification, companies' verification and suspension", async () => {
    const { owner, catalog: verified } = await createCompany("Heron Verified Ltd", "enterprise");
    await db
      .update(schema.catalogs)
      .set({ verifiedSince: new Date(), verifiedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(schema.catalogs.id, verified.id));
    const [waiting] = await db.insert(schema.catalogs).values({ userId: owner.id, companyName: "Heron Waiting Ltd" }).returning();
    await db
      .insert(schema.verifications)
      .values({ catalogId: waiting.id, userId: owner.id, registrationNumber: "R1", country: "RO", address: "Str. 1" });
    await db.update(schema.users).set({ emailVerifiedAt: null }).where(eq(schema.users.id, owner.id));
    const suspended = await named("Heron Suspended", null);
    await db.update(schema.users).set({ suspendedAt: new Date() }).where(eq(schema.users.id, suspended.id));
    const boss = await createUser({ plan: "admin" });
    await db.update(schema.profiles).set({ fullName: "Heron Admin" }).where(eq(schema.profiles.id, boss.id));

    const page = await list("?q=heron");
    const byEmail = Object.fromEntries(page.members.map((m) => [m.email, m]));
    expect(byEmail[owner.email]).toMatchObject({
      plan: "enterprise",
      emailVerifiedAt: null,
      suspendedAt: null,
      mayBeSuspended: true,
      companies: [
        { name: "Heron Verified Ltd", verification: "verified" },
        { name: "Heron Waiting Ltd", verification: "pending" },
      ],
    });
    expect(byEmail[suspended.email].suspendedAt).not.toBeNull();
    expect(byEmail[boss.email].mayBeSuspended).toBe(false);

    const html = await (await get("/admin/members?q=heron&lng=en", admin)).text();
    for (const text of ["Enterprise", "Not verified", "Verified until", "Verification pending", "Suspended since", "Lift the suspension"])
      expect(html).toContain(text);
    // The admin's row offers no suspension.
    const adminRow = html.split('data-testid="member"').find((row) => row.includes(boss.email))!;
    expect(adminRow).not.toContain('value="suspend"');
  });
});

describe("acting from the member list", () => {
  it("suspends a member and lifts it, returning to the same search", async () => {
    const member = await named("Ibis Member", null);
    const memberSession = await sessionCookie(member.id);
    const suspend = await post("/admin/members?q=ibis&page=1", { intent: "suspend", userId: member.id }, admin);
    expect(suspend.status).toBe(302);
    expect(suspend.headers.get("Location")).toBe("/admin/members?q=ibis");
    const row = () => db.select().from(schema.users).where(eq(schema.users.id, member.id)).get();
    expect((await row())?.suspendedAt).not.toBeNull();
    // Their session ended with it.
    expect((await db.select().from(schema.sessions).where(eq(schema.sessions.userId, member.id))).length).toBe(0);
    expect(memberSession).toMatch(/^sid=/);
    const [suspended] = (await list("?q=ibis")).members;
    expect(suspended.suspendedAt).not.toBeNull();

    expect((await post("/admin/members?q=ibis", { intent: "suspend", userId: member.id }, admin)).status).toBe(404);
    const lift = await post("/admin/members?q=ibis", { intent: "lift", userId: member.id }, admin);
    expect(lift.status).toBe(302);
    expect((await row())?.suspendedAt).toBeNull();
    expect((await post("/admin/members", { intent: "lift", userId: member.id }, admin)).status).toBe(404);
  });

  it("never suspends an admin, and refuses members and bad input without writing", async () => {
    const boss = await createUser({ plan: "admin" });
    const target = await named("Jacana Member", null);
    expect((await post("/admin/members", { intent: "suspend", userId: boss.id }, admin)).status).toBe(404);

    const free = await createUser();
    const refused = await post("/admin/members", { intent: "suspend", userId: target.id }, await sessionCookie(free.id));
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect((await post("/admin/members", { intent: "banish", userId: target.id }, admin)).status).toBe(400);
    expect((await post("/admin/members", { intent: "suspend" }, admin)).status).toBe(400);
    const users = await db
      .select({ suspendedAt: schema.users.suspendedAt })
      .from(schema.users)
      .where(sql`${schema.users.id} in (${boss.id}, ${target.id})`);
    expect(users.map((u) => u.suspendedAt)).toEqual([null, null]);
  });

  it("approves a member's pending upgrade from their row", async () => {
    const member = await named("Kestrel Member", null);
    await db.insert(schema.planUpgradeRequests).values({ userId: member.id, requestedPlan: "silver" });
    const [row] = (await list("?q=kestrel")).members;
    expect(row.pendingUpgradeId).not.toBeNull();
    const html = await (await get("/admin/members?q=kestrel", admin)).text();
    expect(html).toContain("Asked for Silver");
    const approved = await post("/admin/members?q=kestrel", { intent: "approve", requestId: row.pendingUpgradeId! }, admin);
    expect(approved.headers.get("Location")).toBe("/admin/members?q=kestrel");
    expect((await list("?q=kestrel")).members[0]).toMatchObject({ plan: "premium", pendingUpgradeId: null });
  });
});

describe("the search's query plan", () => {
  it("walks the members in rowid order without a sort, each member's rows found by index, and counts at most the cap", async () => {
    const queries: string[] = [];
    const probed = makeDb(probeD1(env.DB, { before() {}, after() {}, prepare: (query) => queries.push(query) }));
    await listMembersForAdmin(probed, "someone", 3);
    expect(queries).toHaveLength(2);
    const plans = await Promise.all(
      queries.map(async (query) => {
        const params = (query.match(/\?/g) ?? []).map(() => "x");
        const { results } = await env.DB.prepare(`explain query plan ${query}`)
          .bind(...params)
          .all<{ detail: string }>();
        return results.map((r) => r.detail);
      }),
    );
    const [page, count] = plans;
    // The one table scanned is users, in rowid order (newest first), which LIMIT stops; the rest
    // are index lookups per member (profile, catalogs, applications, upgrade requests) and scans
    // of the subqueries' own few rows (a member's catalogs, the capped count).
    for (const steps of plans) {
      expect(steps.join("\n")).not.toMatch(/TEMP B-TREE/);
      expect(steps.filter((step) => step.startsWith("SCAN "))).toEqual(expect.arrayContaining(["SCAN users"]));
      expect(steps.filter((step) => step.startsWith("SCAN ") && !["SCAN users", "SCAN c", "SCAN matched"].includes(step))).toEqual([]);
      expect(steps.filter((step) => step.startsWith("SEARCH ") && !step.includes(" USING "))).toEqual([]);
    }
    expect(page[0]).toBe("SCAN users");
    expect(count).toContain("SCAN matched");
    expect(queries[1]).toMatch(/limit \?\)/);
  });
});
