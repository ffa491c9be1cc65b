import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ProfilePlan } from "~/lib/constants";
import { requireAdmin, requireUser } from "~/services/auth.server";
import { requireForumViewer } from "~/services/forum.server";
import * as schema from "../../db/schema";
import { cookiesFrom, createUser, db, get, ORIGIN, post, sessionCookie, sidFrom, testContext } from "../support/factories";

type Outcome = "ok" | "signin" | "403" | "gate";

async function outcome(
  guard: (r: Request, c: ReturnType<typeof testContext>) => Promise<unknown>,
  cookie: string | null,
): Promise<Outcome> {
  const request = new Request(`${ORIGIN}/private?x=1`, { headers: cookie ? { Cookie: cookie } : {} });
  try {
    await guard(request, testContext());
    return "ok";
  } catch (thrown) {
    const response = thrown as Response;
    const location = response.headers.get("Location") ?? "";
    if (location === "/auth?redirectTo=%2Fprivate%3Fx%3D1") return "signin";
    if (location === "/admin/login?redirectTo=%2Fprivate%3Fx%3D1") return "gate";
    if (response.status === 403) return "403";
    throw thrown;
  }
}

// Who may pass which guard: the spec's roles under each plan name.
const MATRIX: [string, ProfilePlan | null, boolean, Record<string, Outcome>][] = [
  ["a visitor", null, false, { user: "signin", forum: "403", admin: "gate" }],
  ["a visitor in admin mode", null, true, { user: "signin", forum: "ok", admin: "ok" }],
  ["a free member", "free", false, { user: "ok", forum: "403", admin: "gate" }],
  ["a premium member", "premium", false, { user: "ok", forum: "ok", admin: "gate" }],
  ["a professional member", "professional", false, { user: "ok", forum: "ok", admin: "gate" }],
  ["an enterprise member", "enterprise", false, { user: "ok", forum: "ok", admin: "gate" }],
  ["an admin-plan member", "admin", false, { user: "ok", forum: "ok", admin: "ok" }],
  ["a free member in admin mode", "free", true, { user: "ok", forum: "ok", admin: "ok" }],
];

describe.each(MATRIX)("guards for %s", (_who, plan, adminMode, expected) => {
  it("let through exactly what the role allows", async () => {
    const user = plan ? await createUser({ plan }) : null;
    const cookie = user || adminMode ? await sessionCookie(user?.id ?? null, adminMode) : null;
    expect({
      user: await outcome(requireUser, cookie),
      forum: await outcome(requireForumViewer, cookie),
      admin: await outcome(requireAdmin, cookie),
    }).toEqual(expected);
  });
});

describe("the admin gate", () => {
  it("sends a visitor of an admin screen to the gate, and back after the right password", async () => {
    const gate = await get("/admin/members");
    expect(gate.status).toBe(302);
    expect(gate.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fmembers");

    const wrong = await post("/admin/login", { password: "not-it", redirectTo: "/admin/members" });
    expect(wrong.status).toBe(401);
    const html = await wrong.text();
    expect(html).toContain("Access Denied");
    expect(html).toContain("Incorrect password");
    expect(html).not.toContain("not-it");

    const right = await post("/admin/login", { password: env.ADMIN_PASSWORD, redirectTo: "/admin/members" });
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/admin/members");
    const cookies = cookiesFrom(right);
    const page = await get("/admin/members", cookies);
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain("Access Granted");
    expect(body).toContain("Welcome, Administrator");
    expect(body).toContain("Admin Mode");
    expect(body).toContain("Admin Logout");

    const sid = sidFrom(right)!;
    await post("/admin/logout", {}, sid);
    expect((await get("/admin/members", sid)).status).toBe(302);
  });

  it("turns away a filled honeypot even with the right password", async () => {
    const response = await post("/admin/login", { password: env.ADMIN_PASSWORD, website: "bot" });
    expect(response.status).toBe(400);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("sid="))).toBe(false);
  });

  it("never sends the admin password to the browser", async () => {
    const response = await get("/admin/login");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<input[^>]*type="password"/); // the gate's own page
    expect(html).not.toContain(env.ADMIN_PASSWORD);
  });

  it("ends with the signed-in user's sign-out", async () => {
    const user = await createUser();
    const memberSid = await sessionCookie(user.id);
    // Entering admin mode is a change of privilege: the session gets a new id.
    const sid = sidFrom(await post("/admin/login", { password: env.ADMIN_PASSWORD }, memberSid))!;
    expect(sid).not.toBe(memberSid);
    expect((await get("/admin/members", memberSid)).status).toBe(302);
    expect((await get("/admin/members", sid)).status).toBe(200);
    await post("/sign-out", {}, sid);
    expect((await get("/admin/members", sid)).status).toBe(302);
  });

  it("rate-limits wrong passwords with 429", async () => {
    const attempt = (password: string) => post("/admin/login", { password }, undefined, { "CF-Connecting-IP": "203.0.113.9" });
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong-${i}`)).status).toBe(401);
    expect((await attempt(env.ADMIN_PASSWORD)).status).toBe(429);
  });

  it("lets an admin approve an upgrade request, which sets the member's plan", async () => {
    const member = await createUser();
    const [request] = await db.insert(schema.planUpgradeRequests).values({ userId: member.id, requestedPlan: "gold" }).returning();
    const admin = await sessionCookie(null, true);
    const page = await (await get("/admin/members", admin)).text();
    expect(page).toContain(member.email);
    const decided = await post("/admin/members", { intent: "approve", requestId: request.id }, admin);
    expect(decided.status).toBe(302);
    expect((await db.select().from(schema.profiles).where(eq(schema.profiles.id, member.id)).get())?.membershipPlan).toBe("professional");
    expect((await post("/admin/members", { intent: "approve", requestId: request.id }, admin)).status).toBe(404);
    const visitor = await post("/admin/members", { intent: "approve", requestId: request.id });
    expect(visitor.status).toBe(302);
  });
});

describe("My Catalog", () => {
  it("redirects a signed-out visitor to /auth and shows a member only their own catalogs", async () => {
    const visitor = await get("/catalog");
    expect(visitor.headers.get("Location")).toBe("/auth?redirectTo=%2Fcatalog");
    const [owner, other] = await Promise.all([createUser(), createUser()]);
    await db.insert(schema.catalogs).values([
      { userId: owner.id, companyName: "Owner Textiles" },
      { userId: other.id, companyName: "Someone Else Ltd" },
    ]);
    const html = await (await get("/catalog", await sessionCookie(owner.id))).text();
    expect(html).toContain("Owner Textiles");
    expect(html).not.toContain("Someone Else Ltd");
  });
});
