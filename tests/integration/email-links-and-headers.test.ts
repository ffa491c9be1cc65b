// What an e-mail may carry (issue 37): its links lead to the configured SITE_URL whatever Host a
// request names; nothing a member typed puts a line break into a header; and the outbox, which
// admins read, never holds a live link token. Read from the outbox in D1 (what is stored); the
// recipient's copy is read from the local transport in email.test.ts and alerts-settings.test.ts.
import { env } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import { createCompany, createUser, db, get, PASSWORD, post, sessionCookie } from "../support/factories";
import { fetchWorker } from "../support/worker";

beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
});

const SITE = env.SITE_URL as string;
const EVIL = "https://evil.example";
const LIVE_TOKEN = /token=[A-Za-z0-9_-]{43}/;
const outboxTo = (...emails: string[]) => db.select().from(schema.outbox).where(inArray(schema.outbox.toEmail, emails));

/** A same-origin form post to the Worker as it arrives when the request names another Host. */
function postAs(host: string, path: string, fields: Record<string, string>, cookie?: string) {
  return fetchWorker(`${host}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Host: new URL(host).host,
      Origin: host,
      "Content-Type": "application/x-www-form-urlencoded",
      // Off localhost the session cookie carries its __Host- prefix.
      ...(cookie ? { Cookie: cookie.replace(/^sid=/, "__Host-sid=") } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("links in e-mails", () => {
  it("lead to SITE_URL, never to the Host a request names: reset, verification, change of address, sign-up notice, requests", async () => {
    expect(new URL(SITE).host).not.toBe("evil.example");
    const member = await createUser();
    const unverified = await createUser();
    await db.update(schema.users).set({ emailVerifiedAt: null }).where(eq(schema.users.id, unverified.id));
    const newcomer = `newcomer-${Date.now()}@example.com`;
    const moving = `moving-${Date.now()}@example.com`;
    const visitor = `visitor-${Date.now()}@example.com`;
    const { owner: supplier, catalog } = await createCompany("Host Header Pumps", "free");
    const [product] = await db
      .insert(schema.products)
      .values({ catalogId: catalog.id, title: "Host header pump", category: "Industrial", price: 9 })
      .returning();
    await db.insert(schema.notificationSettings).values({ userId: supplier.id, kind: "request_received", delivery: "instant" });
    const buyer = await sessionCookie((await createUser()).id);

    expect((await postAs(EVIL, "/forgot-password", { email: member.email })).status).toBe(302);
    expect((await postAs(EVIL, "/auth", { intent: "signup", email: newcomer, password: "secret12", fullName: "New Comer" })).status).toBe(
      302,
    );
    expect((await postAs(EVIL, "/verify-email", { intent: "resend" }, await sessionCookie(unverified.id))).status).toBe(302);
    const settings = { intent: "email", email: moving, currentPassword: PASSWORD };
    expect((await postAs(EVIL, "/settings", settings, await sessionCookie(member.id))).status).toBe(302);
    expect((await postAs(EVIL, `/request-quote/${product.id}`, { quantity: "5", message: "Price for 5?" }, buyer)).status).toBe(302);
    const asVisitor = { quantity: "6", message: "Price for 6?", name: "Vic Visitor", email: visitor };
    expect((await postAs(EVIL, `/request-quote/${product.id}`, asVisitor)).status).toBe(302);
    // Sign-up with a registered address: its owner is told, with links to sign in and reset.
    const again = { intent: "signup", email: member.email, password: "secret12", fullName: "Someone Else" };
    expect((await postAs(EVIL, "/auth", again)).status).toBe(302);

    const mails = await outboxTo(member.email, newcomer, unverified.email, moving, supplier.email, visitor);
    expect(mails.map((m) => m.kind).sort()).toEqual([
      "change_email",
      "confirm_request",
      "request_received",
      "reset_password",
      "signup_attempt",
      "verify_email",
      "verify_email",
    ]);
    for (const mail of mails) {
      expect(mail.text, mail.kind).not.toContain("evil.example");
      expect(mail.html, mail.kind).not.toContain("evil.example");
      expect(mail.text, mail.kind).toContain(`${SITE}/`);
      expect(mail.unsubscribeUrl ?? SITE, mail.kind).toMatch(new RegExp(`^${SITE.replace(/[.:/]/g, "\\$&")}`));
    }
  });

  it("written by 'Send due e-mails now' lead to SITE_URL too, whatever Host the admin's request named", async () => {
    const member = await createUser();
    await db
      .insert(schema.savedSearches)
      .values({ userId: member.id, scope: "products", search: "lantern", cursor: 0, checkedAt: new Date(0) });
    const { catalog } = await createCompany("Lantern Works", "free");
    await db.insert(schema.products).values({ catalogId: catalog.id, title: "Brass lantern", category: "Industrial", price: 4 });
    expect((await postAs(EVIL, "/admin/outbox", { intent: "sendDue" }, await sessionCookie(null, true))).status).toBe(302);
    const [alert] = await outboxTo(member.email);
    expect(alert.kind).toBe("trade_alert");
    expect(alert.text).toContain(`Brass lantern: ${SITE}/product/`);
    expect(alert.text).not.toContain("evil.example");
  });
});

describe("e-mail headers", () => {
  const injected = "widget\r\nBcc: victim@example.com";

  it("refuses a saved search with a line break, and saves nothing", async () => {
    const member = await createUser();
    const cookie = await sessionCookie(member.id);
    const refused = await post("/alerts", { intent: "save", scope: "products", search: injected }, cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please keep this on one line.");
    expect(await db.select().from(schema.savedSearches).where(eq(schema.savedSearches.userId, member.id))).toEqual([]);
  });

  it("refuses names and company names with line breaks, which e-mails carry", async () => {
    const member = await createUser();
    const cookie = await sessionCookie(member.id);
    for (const fields of [
      { fullName: injected, companyName: "Acme" },
      { fullName: "Ann", companyName: injected },
    ]) {
      const refused = await post("/settings", { intent: "profile", ...fields }, cookie);
      expect(refused.status).toBe(400);
    }
    const [profile] = await db.select().from(schema.profiles).where(eq(schema.profiles.id, member.id));
    expect(profile.fullName).toBe("Test free");
  });

  it("keeps a trade alert's subject on one line when its saved search holds a line break (saved before)", async () => {
    const member = await createUser();
    await db
      .insert(schema.savedSearches)
      .values({ userId: member.id, scope: "products", search: injected, cursor: 0, checkedAt: new Date(0) });
    const { catalog } = await createCompany("Widget Works", "free");
    await db
      .insert(schema.products)
      .values({ catalogId: catalog.id, title: "Widget for Bcc victim at example com", category: "Industrial", price: 4 });
    expect((await post("/admin/outbox", { intent: "sendDue" }, await sessionCookie(null, true))).status).toBe(302);
    const [alert] = await outboxTo(member.email);
    expect(alert.kind).toBe("trade_alert");
    expect(alert.subject).not.toMatch(/[\r\n]/);
    expect(alert.subject).toContain("widget Bcc: victim@example.com");
  });
});

describe("the outbox", () => {
  it("never holds a live link token, and admins never see one", async () => {
    const member = await createUser();
    expect((await post("/forgot-password", { email: member.email })).status).toBe(302);
    const [message] = await outboxTo(member.email);
    expect(message.kind).toBe("reset_password");
    expect(message.text).not.toMatch(LIVE_TOKEN);
    expect(message.html).not.toMatch(LIVE_TOKEN);
    expect(JSON.stringify(message)).not.toMatch(/[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/);
    const page = await (await get(`/admin/outbox?id=${message.id}`, await sessionCookie(null, true))).text();
    expect(page).toContain(`${SITE}/reset-password?token=`);
    expect(page).not.toMatch(LIVE_TOKEN);
  });
});
