// What a member decides about the e-mail they get: per-kind notification settings and the daily
// digest, the one-click unsubscribe, trade alerts (saved searches), account settings, and the rule
// that what other members receive comes from verified addresses.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DELIVERY } from "~/lib/constants";
import { signMessageToken } from "~/lib/tokens.server";
import { runScheduledWork } from "~/services/scheduled.server";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import { cookiesFrom, createCompany, createUser, db, get, PASSWORD, post, sessionCookie } from "../support/factories";
import { lastMailTo, linkToken, SITE } from "../support/mail";

beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
});

const DAY = 24 * 60 * 60 * 1000;
const mailTo = (userId: string) => db.select().from(schema.outbox).where(eq(schema.outbox.userId, userId));
const notificationsOf = (userId: string) => db.select().from(schema.notifications).where(eq(schema.notifications.userId, userId));

async function supplierWithProduct(name: string) {
  const { owner, catalog } = await createCompany(name, "free");
  const [product] = await db
    .insert(schema.products)
    .values({ catalogId: catalog.id, title: `${name} pump`, category: "Industrial", price: 9 })
    .returning();
  return { owner, catalog, product, cookie: await sessionCookie(owner.id) };
}

async function addProduct(catalogId: string, title: string, category = "Industrial") {
  const [product] = await db.insert(schema.products).values({ catalogId, title, category, price: 5 }).returning();
  return product;
}

describe("notification settings", () => {
  it("shows every kind with its default, and a saved choice decides the e-mail: off, at once, or the daily digest", async () => {
    const s = await supplierWithProduct("Settings Pumps");
    const page = await (await get("/settings/notifications", s.cookie)).text();
    expect(page).toMatch(/name="request_received"[^>]*checked=""[^>]*value="instant"/);
    expect(page).toMatch(/name="forum_reply"[^>]*checked=""[^>]*value="daily"/);

    // Off: the bell still tells, no e-mail.
    // Every kind as it is by default, but new requests as given.
    const all = (delivery: string) => ({ ...DEFAULT_DELIVERY, request_received: delivery });
    expect((await post("/settings/notifications", all("off"), s.cookie)).status).toBe(302);
    const buyer = await createUser();
    const buyerCookie = await sessionCookie(buyer.id);
    await post(`/request-quote/${s.product.id}`, { quantity: "2", message: "Price?" }, buyerCookie);
    expect(await notificationsOf(s.owner.id)).toHaveLength(1);
    expect(await mailTo(s.owner.id)).toHaveLength(0);

    // Daily: no e-mail at once; the scheduled run writes one digest listing it, and no second one that day.
    expect((await post("/settings/notifications", all("daily"), s.cookie)).status).toBe(302);
    await post(`/request-quote/${s.product.id}`, { quantity: "3", message: "And for 3?" }, buyerCookie);
    expect(await mailTo(s.owner.id)).toHaveLength(0);
    const now = Date.now();
    expect((await runScheduledWork(env, db, { now })).digests).toBe(1);
    const [digest] = await mailTo(s.owner.id);
    expect(digest).toMatchObject({ kind: "digest", subject: "Your daily summary: 1 new notification", unsubscribeTopic: "digest" });
    expect(digest.text).toContain(`: ${SITE}/requests/`);
    expect(digest.text).toMatch(/New request for quotation RFQ-[0-9A-F]{8}: /);
    await post(`/request-quote/${s.product.id}`, { quantity: "4", message: "And for 4?" }, buyerCookie);
    expect((await runScheduledWork(env, db, { now: now + 60_000 })).digests).toBe(0);
    expect((await runScheduledWork(env, db, { now: now + DAY })).digests).toBe(1);
    expect((await mailTo(s.owner.id)).filter((m) => m.kind === "digest")).toHaveLength(2);
  });

  it("refuses a delivery that is not one of the three, next to the kind, and changes nothing", async () => {
    const member = await createUser();
    const cookie = await sessionCookie(member.id);
    const response = await post("/settings/notifications", { request_received: "hourly" }, cookie);
    expect(response.status).toBe(400);
    expect(await db.select().from(schema.notificationSettings).where(eq(schema.notificationSettings.userId, member.id))).toHaveLength(0);
  });

  it("tells a member whose upgrade an admin approved", async () => {
    const member = await createUser();
    const [request] = await db.insert(schema.planUpgradeRequests).values({ userId: member.id, requestedPlan: "gold" }).returning();
    const admin = await sessionCookie(null, true);
    expect((await post("/admin/members", { intent: "approve", requestId: request.id }, admin)).status).toBe(302);
    expect(await notificationsOf(member.id)).toEqual([
      expect.objectContaining({ kind: "upgrade_approved", link: "/membership", delivery: "daily" }),
    ]);
  });
});

describe("one-click unsubscribe", () => {
  it("signs each message's link; the link stops that kind without signing in; a forged one is refused", async () => {
    const s = await supplierWithProduct("Unsub Pumps");
    const buyer = await createUser();
    await post(`/request-quote/${s.product.id}`, { quantity: "2", message: "Price?" }, await sessionCookie(buyer.id));
    const [mail] = await mailTo(s.owner.id);
    const token = await signMessageToken(env.SESSION_SECRET, mail.id);

    // The member gets the signed link and the one-click headers.
    const delivered = lastMailTo(s.owner.email);
    expect(delivered.headers).toEqual({
      "List-Unsubscribe": `<${SITE}/unsubscribe?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(delivered.text).toContain(`${SITE}/unsubscribe?token=${token}`);
    // The admins' view shows the message as it is sent, but its token masked.
    const open = await (await get(`/admin/outbox?id=${mail.id}`, await sessionCookie(null, true))).text();
    expect(open).toContain(`List-Unsubscribe: &lt;${SITE}/unsubscribe?token=[hidden]&gt;`);
    expect(open).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(open).not.toContain("%TOKEN%");
    expect(open).not.toContain(token);

    expect((await get(`/unsubscribe?token=${token}`)).status).toBe(200);
    expect((await get(`/unsubscribe?token=${mail.id}.${"A".repeat(43)}`)).status).toBe(404);
    expect((await get("/unsubscribe")).status).toBe(404);
    expect((await post(`/unsubscribe?token=${mail.id}.${"A".repeat(43)}`, { "List-Unsubscribe": "One-Click" })).status).toBe(404);
    // A mail client's one-click POST (RFC 8058) carries no cookie and no Origin.
    expect((await post(`/unsubscribe?token=${token}`, { "List-Unsubscribe": "One-Click" })).status).toBe(200);
    const [setting] = await db.select().from(schema.notificationSettings).where(eq(schema.notificationSettings.userId, s.owner.id));
    expect(setting).toMatchObject({ kind: "request_received", delivery: "off" });
  });

  it("keeps the token out of every path: the link, the page's button, and the page view recorded", async () => {
    const s = await supplierWithProduct("Unlogged Pumps");
    const buyer = await createUser();
    await post(`/request-quote/${s.product.id}`, { quantity: "2", message: "Price?" }, await sessionCookie(buyer.id));
    const [mail] = await mailTo(s.owner.id);
    const token = await signMessageToken(env.SESSION_SECRET, mail.id);
    expect(mail.text).toContain("/unsubscribe?token=%TOKEN%");
    expect(mail.text).not.toContain("/unsubscribe/");

    const page = await get(`/unsubscribe?token=${token}`, undefined, { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" });
    const html = await page.text();
    expect(page.status).toBe(200);
    // One button, posting back to the same address (JavaScript or not): the path never holds the token.
    expect(html.match(/<form\b[^>]*method="post"[^>]*>/g)).toHaveLength(1);
    expect(html).toMatch(new RegExp(`<form\\b[^>]*action="/unsubscribe\\?token=${token.replace(".", "\\.")}"`));
    const views = await db.select().from(schema.pageViews);
    expect(views.map((v) => v.path)).toContain("/unsubscribe");
    expect(views.map((v) => v.path).filter((path) => path.includes(token))).toEqual([]);

    // The button, as a browser without JavaScript posts it.
    const done = await post(`/unsubscribe?token=${token}`, { intent: "unsubscribe" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Done: you will not receive these e-mails any more.");
    const [setting] = await db.select().from(schema.notificationSettings).where(eq(schema.notificationSettings.userId, s.owner.id));
    expect(setting).toMatchObject({ kind: "request_received", delivery: "off" });
  });

  it("keeps the links of e-mails sent before, with the token in the path, working", async () => {
    const s = await supplierWithProduct("Older Pumps");
    const buyer = await createUser();
    await post(`/request-quote/${s.product.id}`, { quantity: "2", message: "Price?" }, await sessionCookie(buyer.id));
    const [mail] = await mailTo(s.owner.id);
    const token = await signMessageToken(env.SESSION_SECRET, mail.id);
    const opened = await get(`/unsubscribe/${token}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe(`/unsubscribe?token=${token}`);
    expect((await post(`/unsubscribe/${mail.id}.${"A".repeat(43)}`, { "List-Unsubscribe": "One-Click" })).status).toBe(404);
    expect((await post(`/unsubscribe/${token}`, { "List-Unsubscribe": "One-Click" })).status).toBe(200);
    const [setting] = await db.select().from(schema.notificationSettings).where(eq(schema.notificationSettings.userId, s.owner.id));
    expect(setting).toMatchObject({ kind: "request_received", delivery: "off" });
  });
});

describe("trade alerts", () => {
  it("e-mails what was added after the search was saved, once a day, with links; paused alerts are not read", async () => {
    const s = await supplierWithProduct("Alert Valves");
    await addProduct(s.catalog.id, "Brass gate valve (old)");
    const member = await createUser();
    const cookie = await sessionCookie(member.id);
    const saved = await post("/alerts", { intent: "save", scope: "products", search: "gate valve" }, cookie);
    expect(saved.status).toBe(302);
    expect((await post("/alerts", { intent: "save", scope: "products", search: "gate valve" }, cookie)).status).toBe(302);
    const [alert, ...others] = await db.select().from(schema.savedSearches).where(eq(schema.savedSearches.userId, member.id));
    expect(others).toHaveLength(0);
    expect(await (await get("/alerts", cookie)).text()).toContain("“gate valve”");

    const fresh = await addProduct(s.catalog.id, "Steel gate valve DN50");
    await addProduct(s.catalog.id, "Garden hose");
    const now = Date.now();
    // The next run reads a new alert; then it is read at most once a day.
    expect((await runScheduledWork(env, db, { now })).alerts).toBeGreaterThanOrEqual(1);
    await addProduct(s.catalog.id, "Iron gate valve DN65");
    await runScheduledWork(env, db, { now: now + 60_000 });
    const mails = (await mailTo(member.id)).filter((m) => m.kind === "trade_alert");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("New for your saved search: “gate valve”");
    expect(mails[0].text).toContain(`Steel gate valve DN50: ${SITE}/product/${fresh.id}`);
    expect(mails[0].text).not.toContain("(old)");
    expect(mails[0].text).not.toContain("Garden hose");
    expect(mails[0].unsubscribeTopic).toBe(`alert:${alert.id}`);

    // Paused: the next day's run does not read it; resumed, it is read again, from where it was.
    expect((await post("/alerts", { intent: "pause", id: alert.id }, cookie)).status).toBe(302);
    await addProduct(s.catalog.id, "Cast gate valve DN80");
    await runScheduledWork(env, db, { now: now + DAY });
    expect((await mailTo(member.id)).filter((m) => m.kind === "trade_alert")).toHaveLength(1);
    expect((await post("/alerts", { intent: "resume", id: alert.id }, cookie)).status).toBe(302);
    await runScheduledWork(env, db, { now: now + 2 * DAY });
    const later = (await mailTo(member.id))
      .filter((m) => m.kind === "trade_alert")
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(later).toHaveLength(2);
    expect(later[1].text).toContain("Iron gate valve DN65");
    expect(later[1].text).toContain("Cast gate valve DN80");
    expect(later[1].text).not.toContain("Steel gate valve DN50");
  });

  it("alerts on trade leads by type and category", async () => {
    const member = await createUser();
    const cookie = await sessionCookie(member.id);
    expect((await post("/alerts", { intent: "save", scope: "trade_leads", leadType: "buy", category: "Agriculture" }, cookie)).status).toBe(
      302,
    );
    const poster = await createUser();
    const now = Date.now();
    await db.insert(schema.tradeLeads).values([
      {
        userId: poster.id,
        leadType: "buy",
        title: "Buying 40 t of rice",
        description: "Monthly",
        category: "Agriculture",
        createdAt: new Date(now + 1000),
      },
      {
        userId: poster.id,
        leadType: "sell",
        title: "Selling rice",
        description: "Monthly",
        category: "Agriculture",
        createdAt: new Date(now + 1000),
      },
      {
        userId: poster.id,
        leadType: "buy",
        title: "Buying laptops",
        description: "Monthly",
        category: "Technology",
        createdAt: new Date(now + 1000),
      },
    ]);
    await runScheduledWork(env, db, { now: now + DAY });
    const [mail] = (await mailTo(member.id)).filter((m) => m.kind === "trade_alert");
    expect(mail.subject).toBe("New for your saved search: Buy requests · category Agriculture");
    expect(mail.text).toContain(`Buying 40 t of rice: ${SITE}/trade-leads?tab=buy#lead-`);
    expect(mail.text).not.toContain("Selling rice");
    expect(mail.text).not.toContain("laptops");
  });

  it("keeps each member to their own alerts and to the cap", async () => {
    const owner = await createUser();
    const other = await createUser();
    const ownerCookie = await sessionCookie(owner.id);
    await post("/alerts", { intent: "save", scope: "products", search: "mine" }, ownerCookie);
    const [alert] = await db.select().from(schema.savedSearches).where(eq(schema.savedSearches.userId, owner.id));
    const otherCookie = await sessionCookie(other.id);
    expect((await post("/alerts", { intent: "delete", id: alert.id }, otherCookie)).status).toBe(404);
    expect((await post("/alerts", { intent: "pause", id: alert.id }, otherCookie)).status).toBe(404);
    expect(await (await get("/alerts", otherCookie)).text()).not.toContain("“mine”");
    await Promise.all(
      Array.from({ length: 25 }, (_, i) => post("/alerts", { intent: "save", scope: "products", search: `term ${i}` }, ownerCookie)),
    );
    expect(await db.select().from(schema.savedSearches).where(eq(schema.savedSearches.userId, owner.id))).toHaveLength(20);
    const full = await post("/alerts", { intent: "save", scope: "products", search: "one more" }, ownerCookie);
    expect(full.status).toBe(409);
    expect(await full.text()).toContain("You have as many saved searches as you may keep");
    expect((await post("/alerts", { intent: "delete", id: alert.id }, ownerCookie)).status).toBe(302);
  });

  it("sends a visitor who saves a search to sign in first", async () => {
    const response = await post("/alerts", { intent: "save", scope: "products", search: "rice" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
  });
});

describe("account settings", () => {
  it("changes name, company and phone", async () => {
    const member = await createUser();
    const cookie = await sessionCookie(member.id);
    expect(
      (await post("/settings", { intent: "profile", fullName: "Ana Nueva", companyName: "Nueva SA", mobileNumber: "+34 600" }, cookie))
        .status,
    ).toBe(302);
    const [profile] = await db.select().from(schema.profiles).where(eq(schema.profiles.id, member.id));
    expect(profile).toMatchObject({ fullName: "Ana Nueva", companyName: "Nueva SA", mobileNumber: "+34 600" });
    const refused = await post("/settings", { intent: "profile", fullName: "" }, cookie);
    expect(refused.status).toBe(400);
  });

  it("changes the password with the current one, and signs every other browser out", async () => {
    const member = await createUser();
    const here = await sessionCookie(member.id);
    const elsewhere = await sessionCookie(member.id);
    const wrong = await post(
      "/settings",
      { intent: "password", currentPassword: "not-it-at-all", password: "brand-new-42", confirmPassword: "brand-new-42" },
      here,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That is not your current password.");
    const changed = await post(
      "/settings",
      { intent: "password", currentPassword: PASSWORD, password: "brand-new-42", confirmPassword: "brand-new-42" },
      here,
    );
    expect(changed.status).toBe(302);
    expect((await get("/settings", here)).status).toBe(200);
    expect((await get("/settings", elsewhere)).status).toBe(302);
    const signIn = await post("/auth", { intent: "signin", email: member.email, password: "brand-new-42" });
    expect(cookiesFrom(signIn)).toMatch(/sid=/);
  });

  it("changes the e-mail address only when the new one is verified, and never to a taken one", async () => {
    const member = await createUser();
    const taken = await createUser();
    const cookie = await sessionCookie(member.id);
    const refused = await post("/settings", { intent: "email", email: taken.email, currentPassword: PASSWORD }, cookie);
    expect(refused.status).toBe(409);
    const next = `moved-${Date.now()}@example.com`;
    expect((await post("/settings", { intent: "email", email: next, currentPassword: PASSWORD }, cookie)).status).toBe(302);
    const [user] = await db.select().from(schema.users).where(eq(schema.users.id, member.id));
    expect(user.email).toBe(member.email);
    const [mail] = await db
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.toEmail, next), eq(schema.outbox.kind, "change_email")));
    expect(mail.text).not.toMatch(/token=[A-Za-z0-9_-]{43}/);
    const token = linkToken(lastMailTo(next, "Confirm your new e-mail address"), "/verify-email")!;
    expect((await post("/verify-email", { intent: "verify", token })).status).toBe(302);
    const [moved] = await db.select().from(schema.users).where(eq(schema.users.id, member.id));
    expect(moved.email).toBe(next);
    const [profile] = await db.select().from(schema.profiles).where(eq(schema.profiles.id, member.id));
    expect(profile.email).toBe(next);
    expect((await post("/verify-email", { intent: "verify", token })).status).toBe(410);
  });
});

describe("what others receive comes from verified addresses", () => {
  it("refuses an unverified member's request, lead, message and forum post with the message, and writes nothing", async () => {
    const s = await supplierWithProduct("Verify First");
    const member = await createUser({ plan: "professional" });
    await db.update(schema.users).set({ emailVerifiedAt: null }).where(eq(schema.users.id, member.id));
    const cookie = await sessionCookie(member.id);
    const request = await post(`/request-quote/${s.product.id}`, { quantity: "2", message: "Price?" }, cookie);
    expect(request.status).toBe(403);
    expect(await request.text()).toContain("Please verify your e-mail address first");
    expect(await db.select().from(schema.inquiries).where(eq(schema.inquiries.userId, member.id))).toHaveLength(0);

    const lead = await post(
      "/trade-leads/new",
      { leadType: "buy", title: "Buying bolts", description: "Many", category: "Industrial" },
      cookie,
    );
    expect(lead.status).toBe(403);
    expect(await db.select().from(schema.tradeLeads).where(eq(schema.tradeLeads.userId, member.id))).toHaveLength(0);

    const message = await post("/messages/new", { recipientId: s.owner.id, subject: "Hi", content: "Hello" }, cookie);
    expect(message.status).toBe(403);
    expect(await db.select().from(schema.privateMessages).where(eq(schema.privateMessages.senderId, member.id))).toHaveLength(0);

    // Verified, the same request goes through.
    await db.update(schema.users).set({ emailVerifiedAt: new Date() }).where(eq(schema.users.id, member.id));
    expect((await post(`/request-quote/${s.product.id}`, { quantity: "2", message: "Price?" }, cookie)).status).toBe(302);
  });
});

describe("query plans", () => {
  const plan = async (query: string) =>
    (await env.DB.prepare(`explain query plan ${query}`).all<{ detail: string }>()).results.map((r) => r.detail).join(" | ");

  it.each([
    [
      "at-once e-mails waiting, by kind",
      "select n.id from notifications n where n.kind = 'quote_received' and n.delivery = 'instant' and n.emailed_at is null",
      "notifications_email_due_idx",
    ],
    [
      "members waiting for a digest",
      "select distinct n.user_id from notifications n where n.delivery = 'daily' and n.emailed_at is null limit 50",
      "notifications_email_due_idx",
    ],
    [
      "a member's settings",
      "select kind, delivery from notification_settings where user_id = 'x'",
      "sqlite_autoindex_notification_settings_1",
    ],
    [
      "the alerts due",
      "select id from saved_searches where paused_at is null and checked_at <= 5 order by checked_at limit 40",
      "saved_searches_due_idx",
    ],
    ["a member's alerts", "select id from saved_searches where user_id = 'x' order by created_at desc", "saved_searches_user_idx"],
    [
      "new leads of an alert",
      "select id from trade_leads where is_active = 1 and created_at > 5 and lead_type = 'buy' and category = 'Agriculture' order by created_at desc limit 21",
      "trade_leads_active_type_created_idx",
    ],
    ["new products of an alert", "select id from products where id > 5 order by id desc limit 21", "INTEGER PRIMARY KEY"],
  ])("reads %s through an index", async (_what, query, index) => {
    const detail = await plan(query);
    expect(detail).toContain(index);
    expect(detail).not.toMatch(/SCAN (n|notifications|saved_searches|trade_leads|products)\b(?! USING)/);
  });
});
