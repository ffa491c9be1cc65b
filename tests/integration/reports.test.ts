// Reports of fraud and abuse: a member reports what they can see (once while it is open), admins
// see each target once with its count, dismiss it or suspend the owner (no sign-in, sessions
// ended, companies, listings and leads hidden) and lift it; reporters are told.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import { createCompany, createUser, db, editedElsewhere, get, PASSWORD, post, sessionCookie } from "../support/factories";

beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
});

async function fraudulentSupplier(word: string) {
  const { owner, catalog } = await createCompany(`${word} Exports`, "free");
  const [product] = await db
    .insert(schema.products)
    .values({ catalogId: catalog.id, title: `${word} ceramic valve`, category: "Industrial", price: 5 })
    .returning();
  const [lead] = await db
    .insert(schema.tradeLeads)
    .values({ userId: owner.id, leadType: "sell", title: `${word} valves for sale`, description: "Cheap", category: "Industrial" })
    .returning();
  editedElsewhere();
  return { owner, catalog, product, lead, cookie: await sessionCookie(owner.id) };
}

const report = (type: string, id: string | number, cookie: string, reason = "fraud") =>
  post(
    "/report",
    { targetType: type, targetId: String(id), reason, details: "Asked for payment to a personal account, then vanished.", returnTo: "/" },
    cookie,
  );

describe("reports", () => {
  it("records one open report per member and target, of what they can see and is not their own", async () => {
    const s = await fraudulentSupplier("Quokka");
    const buyer = await createUser();
    const cookie = await sessionCookie(buyer.id);
    expect((await get(`/report?type=product&id=${s.product.id}`, cookie)).status).toBe(200);
    expect((await report("product", s.product.id, cookie)).status).toBe(302);
    const again = await report("product", s.product.id, cookie);
    expect(again.status).toBe(302);
    expect(await db.select().from(schema.reports).where(eq(schema.reports.reporterId, buyer.id))).toEqual([
      expect.objectContaining({
        targetType: "product",
        targetId: String(s.product.id),
        ownerId: s.owner.id,
        reason: "fraud",
        status: "open",
      }),
    ]);
    expect((await report("product", s.product.id, s.cookie)).status).toBe(404);
    expect((await report("product", 987654321, cookie)).status).toBe(404);
    expect((await report("product", s.product.id, cookie, "because")).status).toBe(400);
    const visitor = await post("/report", { targetType: "product", targetId: String(s.product.id), reason: "fraud", details: "x" });
    expect(visitor.headers.get("Location")).toMatch(/^\/auth/);

    // A private message: only its recipient may report it.
    const [message] = await db
      .insert(schema.privateMessages)
      .values({ senderId: s.owner.id, receiverId: buyer.id, subject: "Pay here", content: "Send money to my account" })
      .returning();
    const stranger = await sessionCookie((await createUser()).id);
    expect((await report("message", message.id, stranger)).status).toBe(404);
    expect((await report("message", message.id, cookie)).status).toBe(302);
  });

  it("groups reports by target for admins; suspending hides the supplier everywhere and ends their sign-in; lifting brings them back", async () => {
    const s = await fraudulentSupplier("Wombat");
    const [a, b] = [await createUser(), await createUser()];
    await report("product", s.product.id, await sessionCookie(a.id));
    await report("product", s.product.id, await sessionCookie(b.id), "counterfeit");
    const admin = await sessionCookie(null, true);
    const list = await (await get("/admin/reports", admin)).text();
    expect(list).toContain("2 reports");
    expect(list).toContain("Fraud or scam");
    expect(list).toContain("Counterfeit");

    expect((await post("/admin/reports", { intent: "suspend", userId: s.owner.id }, admin)).status).toBe(302);
    editedElsewhere();
    // No sign-in, and the session is gone.
    const signIn = await post("/auth", { intent: "signin", email: s.owner.email, password: PASSWORD });
    expect(signIn.headers.get("Set-Cookie") ?? "").not.toMatch(/sid=[^;]/);
    expect((await get("/catalog", s.cookie)).headers.get("Location")).toMatch(/^\/auth/);
    // Gone from the product page, search, lists, the company page, the directory and the board.
    expect((await get(`/product/${s.product.id}`)).status).toBe(404);
    expect(await (await get("/products?search=Wombat")).text()).not.toContain("Wombat ceramic valve");
    expect(await (await get("/products")).text()).not.toContain("Wombat ceramic valve");
    expect((await get(`/companies/${s.catalog.id}`)).status).toBe(404);
    expect(await (await get("/companies?q=Wombat")).text()).not.toContain("Wombat Exports");
    expect(await (await get("/trade-leads")).text()).not.toContain("Wombat valves for sale");
    // The reporters are told.
    for (const reporter of [a, b]) {
      const told = await db.select().from(schema.notifications).where(eq(schema.notifications.userId, reporter.id));
      expect(told.map((n) => n.kind)).toEqual(["report_actioned"]);
    }
    expect(await (await get("/admin/reports", admin)).text()).toContain(s.owner.email);
    // A suspended supplier takes no requests, even from a page opened before.
    const buyer = await sessionCookie((await createUser()).id);
    expect((await post(`/request-quote/${s.product.id}`, { quantity: "2", message: "Still there?" }, buyer)).status).toBe(404);
    expect(await db.select().from(schema.inquiries).where(eq(schema.inquiries.supplierId, s.owner.id))).toHaveLength(0);

    expect((await post("/admin/reports", { intent: "lift", userId: s.owner.id }, admin)).status).toBe(302);
    editedElsewhere();
    expect((await get(`/product/${s.product.id}`)).status).toBe(200);
    const back = await post("/auth", { intent: "signin", email: s.owner.email, password: PASSWORD });
    expect(back.headers.get("Set-Cookie") ?? "").toMatch(/sid=[^;]/);
  });

  it("dismissed, tells the reporters and keeps the content", async () => {
    const s = await fraudulentSupplier("Numbat");
    const reporter = await createUser();
    await report("lead", s.lead.id, await sessionCookie(reporter.id), "spam");
    const admin = await sessionCookie(null, true);
    expect((await post("/admin/reports", { intent: "dismiss", targetType: "lead", targetId: s.lead.id }, admin)).status).toBe(302);
    expect((await post("/admin/reports", { intent: "dismiss", targetType: "lead", targetId: s.lead.id }, admin)).status).toBe(404);
    const [told] = await db.select().from(schema.notifications).where(eq(schema.notifications.userId, reporter.id));
    expect(told.kind).toBe("report_dismissed");
    expect(await (await get("/trade-leads")).text()).toContain("Numbat valves for sale");
    // Closed, the same member may report it again.
    expect((await report("lead", s.lead.id, await sessionCookie(reporter.id))).status).toBe(302);
  });

  it("never suspends an admin account", async () => {
    const adminMember = await createUser({ plan: "admin" });
    expect((await post("/admin/reports", { intent: "suspend", userId: adminMember.id }, await sessionCookie(null, true))).status).toBe(404);
  });
});
