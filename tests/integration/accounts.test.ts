import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sessionCookie as sidCookie } from "~/lib/cookies";
import { hashPassword, verifyPassword } from "~/lib/password.server";
import * as schema from "../../db/schema";
import { cookiesFrom, createUser, db, get, ORIGIN, PASSWORD, post, sessionCookie, sidFrom } from "../support/factories";

const signIn = (email: string, password = PASSWORD, extra: Record<string, string> = {}, cookie?: string) =>
  post("/auth", { intent: "signin", email, password, ...extra }, cookie);

describe("password hashing", () => {
  it("stores PBKDF2-SHA256 with 100,000 iterations and a salt per hash", async () => {
    const [a, b] = await Promise.all([hashPassword("secret-1"), hashPassword("secret-1")]);
    expect(a).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("secret-1", a)).toBe(true);
    expect(await verifyPassword("secret-2", a)).toBe(false);
    expect(await verifyPassword("secret-1", "md5$whatever")).toBe(false);
  });
});

describe("signing in and out", () => {
  it("signs in with a new session id each time and greets the user", async () => {
    const user = await createUser();
    const first = await signIn(user.email.toUpperCase());
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/");
    const sid = sidFrom(first)!;
    expect(sid).toBeTruthy();
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith("sid="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const home = await (await get("/", cookiesFrom(first))).text();
    expect(home).toContain(`Hello, ${user.email}`);
    expect(home).toContain("Signed in successfully!");

    const again = await signIn(user.email, PASSWORD, {}, sid);
    expect(sidFrom(again)).toBeNull(); // already signed in: sent home, session kept
    expect(again.headers.get("Location")).toBe("/");
  });

  it("replaces the visitor's earlier session at sign-in, keeping admin mode", async () => {
    const user = await createUser();
    const visitor = await sessionCookie(null, true);
    const response = await signIn(user.email, PASSWORD, {}, visitor);
    const sid = sidFrom(response)!;
    expect(sid).not.toBe(visitor);
    expect(await (await get("/", visitor)).text()).not.toContain("Admin Mode");
    const home = await (await get("/", sid)).text();
    expect(home).toContain(`Hello, ${user.email}`);
    expect(home).toContain("Admin Mode");
  });

  it("signs out with a POST that deletes the session, so a copied cookie is useless", async () => {
    const user = await createUser();
    const sid = sidFrom(await signIn(user.email))!;
    const before = (await db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id))).length;
    expect(before).toBe(1);
    const out = await post("/sign-out", {}, sid);
    expect(out.status).toBe(302);
    expect((await db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id))).length).toBe(0);
    expect(await (await get("/", sid)).text()).not.toContain(user.email);
  });

  it("gives one generic message for a wrong password and an unknown e-mail, never echoing the password", async () => {
    const user = await createUser();
    for (const response of [await signIn(user.email, "wrong-password-1"), await signIn("nobody@example.com", "wrong-password-1")]) {
      expect(response.status).toBe(401);
      const body = await response.text();
      expect(body).toContain("Invalid email or password");
      expect(body).not.toContain("wrong-password-1");
    }
  });

  it("ignores a redirectTo that points off-site", async () => {
    const user = await createUser();
    for (const target of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      expect((await signIn(user.email, PASSWORD, { redirectTo: target })).headers.get("Location")).toBe("/");
    }
    expect((await signIn(user.email, PASSWORD, { redirectTo: "/products?search=rice" })).headers.get("Location")).toBe(
      "/products?search=rice",
    );
  });

  it("rate-limits failed sign-ins per e-mail with 429", async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) expect((await signIn(user.email, `wrong-${i}`)).status).toBe(401);
    const limited = await signIn(user.email, PASSWORD);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Too many attempts");
  });

  it("redirects a signed-in user away from /auth", async () => {
    const user = await createUser();
    const sid = sidFrom(await signIn(user.email))!;
    const response = await get("/auth", sid);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("session lifetime", () => {
  it("rejects an expired session and slides a live one forward", async () => {
    const user = await createUser();
    const sid = sidFrom(await signIn(user.email))!;
    const [row] = await db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id));

    await db
      .update(schema.sessions)
      .set({ expiresAt: new Date(Date.now() + 10 * 86_400_000) })
      .where(eq(schema.sessions.id, row.id));
    expect(await (await get("/", sid)).text()).toContain(user.email);
    await new Promise((r) => setTimeout(r, 50));
    const [slid] = await db.select().from(schema.sessions).where(eq(schema.sessions.id, row.id));
    expect(slid.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    await db
      .update(schema.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.sessions.id, row.id));
    expect(await (await get("/", sid)).text()).not.toContain(user.email);
  });

  it("keeps only a hash of the cookie's id in the database", async () => {
    const user = await createUser();
    const sid = sidFrom(await signIn(user.email));
    expect(sid).toMatch(/^sid=./);
    const token: string = await sidCookie(new Request(ORIGIN), env.SESSION_SECRET).parse(sid);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The row's id is the token's SHA-256: the database can find the session, and cannot give it out.
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
    const rows = await db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id));
    expect(rows.map((row) => row.id)).toEqual([btoa(String.fromCharCode(...digest))]);
    expect(decodeURIComponent(sid!)).not.toContain(rows[0].id);
  });
});

describe("signing up", () => {
  const fields = (email: string) => ({
    intent: "signup",
    email,
    password: "secret12",
    fullName: "Nora New",
    companyName: "New Co",
    businessType: "Buy Only",
    country: "Kenya",
  });

  it("creates a free account with the profile and says to check e-mail; the member then signs in", async () => {
    const response = await post("/auth", fields("  Nora@Example.COM "));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    // Nobody is signed in by sign-up: the answer to a taken address must be the same.
    expect(sidFrom(response)).toBeNull();
    const profile = await db.select().from(schema.profiles).where(eq(schema.profiles.email, "nora@example.com")).get();
    expect(profile).toMatchObject({
      fullName: "Nora New",
      companyName: "New Co",
      businessType: "Buy Only",
      country: "Kenya",
      membershipPlan: "free",
    });
    const home = await (await get("/", cookiesFrom(response))).text();
    expect(home).toContain("Account created successfully! Please check your email to verify your account.");
    expect(home).not.toContain("Hello, nora@example.com");
    const signedIn = await post("/auth", { intent: "signin", email: "nora@example.com", password: "secret12", redirectTo: "/" });
    expect(await (await get("/", cookiesFrom(signedIn))).text()).toContain("Hello, nora@example.com");
  });

  it("answers a taken e-mail exactly like a new one, writes no account, and tells the address's owner (issue 37, item 8)", async () => {
    const user = await createUser();
    const before = (await db.select().from(schema.users)).length;
    const response = await post("/auth", fields(user.email));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(sidFrom(response)).toBeNull();
    expect(await (await get("/", cookiesFrom(response))).text()).toContain(
      "Account created successfully! Please check your email to verify your account.",
    );
    expect((await db.select().from(schema.users)).length).toBe(before);
  });

  it("requires e-mail, password and full name, and a 6-character password", async () => {
    const empty = await post("/auth", { intent: "signup", email: "", password: "", fullName: "" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("This field is required");
    const short = await post("/auth", { ...fields("short@example.com"), password: "12345" });
    expect(await short.text()).toContain("Password must be at least 6 characters long");
  });

  it("rate-limits failed sign-ups per client with 429", async () => {
    const ip = { "CF-Connecting-IP": "192.0.2.44" };
    for (let i = 0; i < 20; i++)
      expect((await post("/auth", { intent: "signup", email: "", password: "" }, undefined, ip)).status).toBe(400);
    const limited = await post("/auth", fields("late@example.com"), undefined, ip);
    expect(limited.status).toBe(429);
    expect(await db.select().from(schema.users).where(eq(schema.users.email, "late@example.com")).get()).toBeUndefined();
  });

  it("turns away a filled honeypot", async () => {
    const response = await post("/auth", { ...fields("bot@example.com"), website: "http://spam.example" });
    expect(response.status).toBe(400);
    expect(await db.select().from(schema.users).where(eq(schema.users.email, "bot@example.com")).get()).toBeUndefined();
  });
});

describe("membership registration", () => {
  beforeAll(async () => {
    await db.insert(schema.membershipPlans).values([
      { name: "free", displayName: "Free", features: "Just one feature", maxCatalogs: 1, maxProductsPerCatalog: 10, sortOrder: 1 },
      {
        name: "silver",
        displayName: "Silver",
        priceMonthly: 29,
        features: ["A", "B"],
        maxCatalogs: 3,
        maxProductsPerCatalog: 50,
        sortOrder: 2,
        featured: true,
      },
      { name: "gold", displayName: "Gold", priceMonthly: 79, features: ["C"], maxCatalogs: 10, maxProductsPerCatalog: 200, sortOrder: 3 },
    ]);
  });

  const details = {
    plan: "gold",
    name: "Mia Member",
    position: "Buyer",
    companyName: "Mia Imports",
    numberOfEmployees: "11-50",
    annualTurnover: "$1M - $5M",
    businessActivity: "buyer",
    email: "mia@example.com",
    phone: "+40 700 000 000",
    address: "Str. Exemplu 1, Bucharest",
    country: "Romania",
    password: "secret12",
    confirmPassword: "secret12",
  };

  it("shows the spec's messages for missing fields, mismatched and short passwords", async () => {
    const empty = await post("/membership?step=details&plan=free", { plan: "free" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please fill in all required fields");
    const mismatch = await post("/membership?step=details&plan=free", { ...details, confirmPassword: "secret13" });
    expect(await mismatch.text()).toContain("Passwords do not match");
    const short = await post("/membership?step=details&plan=free", { ...details, password: "12345", confirmPassword: "12345" });
    expect(await short.text()).toContain("Password must be at least 6 characters long");
    const noActivity = await post("/membership?step=details&plan=free", { ...details, businessActivity: "" });
    expect(noActivity.status).toBe(400);
    expect(await db.select().from(schema.users).where(eq(schema.users.email, details.email)).get()).toBeUndefined();
  });

  it("creates a free account with an upgrade request for a paid plan, and says to check e-mail", async () => {
    const response = await post("/membership?step=details&plan=gold", details);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const profile = await db.select().from(schema.profiles).where(eq(schema.profiles.email, details.email)).get();
    expect(profile).toMatchObject({
      membershipPlan: "free",
      numberOfEmployees: "11-50",
      annualTurnover: "$1M - $5M",
      businessActivity: "buyer",
      country: "Romania",
      position: "Buyer",
    });
    const request = await db.select().from(schema.planUpgradeRequests).where(eq(schema.planUpgradeRequests.userId, profile!.id)).get();
    expect(request).toMatchObject({ requestedPlan: "gold", status: "pending" });
    const home = await (await get("/", cookiesFrom(response))).text();
    expect(home).toContain("Account created successfully! Please check your email to verify your account.");
    expect(home).not.toContain(`Hello, ${details.email}`);
  });

  it("lists the plans in order with their features, and keeps the chosen plan in the URL", async () => {
    const html = await (await get("/membership")).text();
    expect(html.indexOf("Free")).toBeLessThan(html.indexOf("Silver"));
    expect(html).toContain("Just one feature");
    expect(html).toContain("Continue to Registration");
    const details = await (await get("/membership?step=details&plan=silver")).text();
    expect(details).toContain("Change plan");
    expect(details).toContain('value="silver"');
  });
});
