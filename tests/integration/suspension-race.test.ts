// A suspension cannot be outlived (issue 37): a sign-in whose password was checked just before an
// admin suspended the account gets no session, and a session that exists for a suspended account
// is read as none. The race is made deterministic: the suspension lands while the sign-ins wait
// between their password check and their session's insert.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import { probeD1 } from "../support/d1-probe";
import { cookiesFrom, createUser, db, get, ORIGIN, PASSWORD, post, sessionCookie } from "../support/factories";
import { fetchWorker } from "../support/worker";

beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
});

const SESSION_INSERT = /insert into "?sessions"?/i;
const LEAD = { leadType: "buy", title: "Pumps from a suspended account", description: "Two hundred pumps", category: "Industrial" };

/** The sign-in form's post, from a client address of its own (the per-client limit stays out of it). */
function signIn(email: string, n: number, bindings: Partial<Env>) {
  return fetchWorker(
    `${ORIGIN}/auth`,
    {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: ORIGIN,
        Host: "localhost",
        "Content-Type": "application/x-www-form-urlencoded",
        "CF-Connecting-IP": `198.51.100.${n + 1}`,
      },
      body: new URLSearchParams({ intent: "signin", email, password: PASSWORD, redirectTo: "/" }).toString(),
    },
    bindings,
  );
}

const sessionsOf = (userId: string) => db.select().from(schema.sessions).where(eq(schema.sessions.userId, userId));
const leadsOf = (userId: string) => db.select().from(schema.tradeLeads).where(eq(schema.tradeLeads.userId, userId));

describe("a suspension and the sign-ins racing it", () => {
  it("leaves no session to sign-ins whose password was checked before the suspension landed", async () => {
    const member = await createUser({ plan: "professional" });
    const admin = await sessionCookie(null, true);
    // The first session insert of any sign-in waits until the admin's suspension is done: every
    // sign-in that checked the password by then is between its check and its insert.
    let suspension: Promise<Response> | null = null;
    const DB = probeD1(env.DB, {
      before(queries) {
        if (!queries.some((query) => SESSION_INSERT.test(query))) return;
        suspension ??= post("/admin/reports", { intent: "suspend", userId: member.id }, admin);
        return suspension.then(() => {});
      },
      after() {},
    });

    const answers = await Promise.all(Array.from({ length: 5 }, (_, n) => signIn(member.email, n, { DB })));
    expect(suspension, "a sign-in reached its session insert").not.toBeNull();
    expect((await suspension!).status).toBe(302);

    expect(await sessionsOf(member.id)).toEqual([]);
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      // Whatever cookie an answer set opens nothing: the suspended member posts no lead.
      const cookie = cookiesFrom(answer);
      expect((await post("/trade-leads/new", LEAD, cookie)).headers.get("Location")).toMatch(/^\/auth/);
    }
    expect(await leadsOf(member.id)).toEqual([]);
  });

  it("reads a session that survived a suspension as no session at all", async () => {
    const member = await createUser({ plan: "professional" });
    const cookie = await sessionCookie(member.id);
    // As a session written after the suspension's own delete would be left.
    await db.update(schema.users).set({ suspendedAt: new Date() }).where(eq(schema.users.id, member.id));
    expect(await sessionsOf(member.id)).toHaveLength(1);

    expect((await get("/trade-leads/new", cookie)).headers.get("Location")).toMatch(/^\/auth/);
    expect((await post("/trade-leads/new", LEAD, cookie)).headers.get("Location")).toMatch(/^\/auth/);
    expect(await leadsOf(member.id)).toEqual([]);
    expect(await (await get("/", cookie)).text()).not.toContain(member.email);
  });

  it("still signs in a member who is not suspended, and after a suspension is lifted", async () => {
    const member = await createUser({ plan: "professional" });
    const admin = await sessionCookie(null, true);
    expect((await post("/admin/reports", { intent: "suspend", userId: member.id }, admin)).status).toBe(302);
    expect((await signIn(member.email, 10, {})).status).toBe(401);
    expect((await post("/admin/reports", { intent: "lift", userId: member.id }, admin)).status).toBe(302);
    const answer = await signIn(member.email, 11, {});
    expect(answer.status).toBe(302);
    expect((await post("/trade-leads/new", LEAD, cookiesFrom(answer))).headers.get("Location")).not.toMatch(/^\/auth/);
  });
});
