import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ProfilePlan } from "~/lib/constants";
import * as schema from "../../db/schema";
import { cookiesFrom, createUser, db, get, post, sessionCookie, loaderData, routeAnswer } from "../support/factories";

const SECRET = (n: number) => `secret-phone-${n}@example.com`;
let owner: { id: string; email: string };
let ownerCookie: string;

async function addLead(userId: string, n: number, values: Partial<typeof schema.tradeLeads.$inferInsert> = {}) {
  const [lead] = await db
    .insert(schema.tradeLeads)
    .values({
      userId,
      leadType: n % 2 ? "sell" : "buy",
      title: `Lead number ${n}`,
      description: `Description ${n}`,
      contactInfo: SECRET(n),
      createdAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000),
      ...values,
    })
    .returning();
  return lead;
}

type Board = {
  tab: string;
  counts: { total: number; buy: number; sell: number };
  pages: number;
  leads: { id: string; title: string; leadType: string; isActive: boolean; contactHidden: boolean; contactInfo?: string | null }[];
};
const board = async (query = "", cookie?: string) => loaderData<Board>(`/trade-leads?${query}`, "routes/trade-leads._index", cookie);

beforeAll(async () => {
  owner = await createUser({ plan: "free" });
  ownerCookie = await sessionCookie(owner.id);
  const other = await createUser({ plan: "premium" });
  for (let n = 1; n <= 54; n++) await addLead(n <= 2 ? owner.id : other.id, n);
  await addLead(other.id, 99, { isActive: false, title: "Closed lead" });
});

describe("the public board", () => {
  it("lists only active leads, newest first, 50 a page, with counts of active leads", async () => {
    const first = await board();
    expect(first.counts).toEqual({ total: 54, buy: 27, sell: 27 });
    expect(first.leads).toHaveLength(50);
    expect(first.leads[0].title).toBe("Lead number 54");
    expect(first.leads.some((l) => l.title === "Closed lead")).toBe(false);
    expect(first.pages).toBe(2);
    const second = await board("page=2");
    expect(second.leads.map((l) => l.title)).toEqual(["Lead number 4", "Lead number 3", "Lead number 2", "Lead number 1"]);
  });

  it("filters by tab", async () => {
    expect((await board("tab=buy")).leads.every((l) => l.leadType === "buy")).toBe(true);
    expect((await board("tab=sell")).leads.every((l) => l.leadType === "sell")).toBe(true);
  });

  it("sends My Leads only to signed-in members, with their inactive leads too", async () => {
    expect((await get("/trade-leads?tab=mine")).headers.get("Location")).toBe("/auth?redirectTo=%2Ftrade-leads%3Ftab%3Dmine");
    await addLead(owner.id, 200, { isActive: false, title: "Owner's closed lead" });
    const mine = await board("tab=mine", ownerCookie);
    expect(mine.leads.map((l) => l.title)).toEqual(["Owner's closed lead", "Lead number 2", "Lead number 1"]);
  });

  it("shows each tab's empty message", async () => {
    const newcomer = await sessionCookie((await createUser()).id);
    const html = await (await get("/trade-leads?tab=mine", newcomer)).text();
    expect(html).toContain("You haven&#x27;t posted any trade leads yet.");
    expect(html).toContain("Post Your First Lead");
  });
});

describe("who receives contact details", () => {
  const MATRIX: [string, ProfilePlan | null, "own" | "none" | "all"][] = [
    ["a visitor", null, "none"],
    ["a free member (owner of two leads)", "free", "own"],
    ["a premium member", "premium", "all"],
    ["a professional member", "professional", "all"],
    ["an enterprise member", "enterprise", "all"],
    ["an admin", "admin", "all"],
  ];

  it.each(MATRIX)("%s", async (_who, plan, expected) => {
    const cookie = plan === "free" ? ownerCookie : plan ? await sessionCookie((await createUser({ plan })).id) : undefined;
    const data = await board("page=2", cookie);
    const html = await (await get("/trade-leads?page=2", cookie)).text();
    const { raw } = await routeAnswer("/trade-leads?page=2", "routes/trade-leads._index", cookie);
    // Leads 1 and 2 (the free owner's) and 3, 4 (someone else's) are on page 2.
    for (const n of [1, 2, 3, 4]) {
      const visible = expected === "all" || (expected === "own" && n <= 2);
      for (const body of [html, raw]) expect(body.includes(SECRET(n)), `lead ${n}`).toBe(visible);
      expect(data.leads.find((l) => l.title === `Lead number ${n}`)!.contactHidden).toBe(!visible);
    }
    if (expected !== "all") expect(html).toContain("Upgrade your membership to view contact details");
  });

  it("a free member in admin mode (the gate), like an admin on a company page", async () => {
    const cookie = await sessionCookie((await createUser({ plan: "free" })).id, true);
    const html = await (await get("/trade-leads?page=2", cookie)).text();
    for (const n of [1, 2, 3, 4]) expect(html.includes(SECRET(n)), `lead ${n}`).toBe(true);
  });
});

describe("posting and managing leads", () => {
  it("creates an active lead, defaulting to buy, and refuses missing title or description", async () => {
    const member = await createUser();
    const cookie = await sessionCookie(member.id);
    const invalid = await post("/trade-leads/new", { title: "", description: "" }, cookie);
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("This field is required");
    const created = await post(
      "/trade-leads/new",
      {
        title: "Need 20 t of cashews",
        description: "W320 grade, CIF Mumbai",
        category: "Agriculture",
        quantity: "20 t",
        location: "India",
        contactInfo: "buyer@example.com",
      },
      cookie,
    );
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/trade-leads?tab=mine");
    expect(await (await get("/trade-leads?tab=mine", mergeCookie(cookie, created))).text()).toContain("Trade lead created successfully!");
    const [lead] = await db.select().from(schema.tradeLeads).where(eq(schema.tradeLeads.userId, member.id));
    expect(lead).toMatchObject({ leadType: "buy", isActive: true, category: "Agriculture", quantity: "20 t" });
    expect((await post("/trade-leads/new", { title: "x", description: "y", category: "Not a category" }, cookie)).status).toBe(400);
  });

  it("requires sign-in to post", async () => {
    expect((await get("/trade-leads/new")).headers.get("Location")).toBe("/auth?redirectTo=%2Ftrade-leads%2Fnew");
    expect((await post("/trade-leads/new", { title: "x", description: "y" })).status).toBe(302);
  });

  it("lets the owner edit and deactivate, setting updated_at; the lead leaves the public board", async () => {
    const lead = await addLead(owner.id, 300, { title: "Editable lead" });
    const edited = await post(
      `/trade-leads/${lead.id}/edit`,
      { leadType: "sell", title: "Edited lead", description: "New text" },
      ownerCookie,
    );
    expect(edited.status).toBe(302);
    const [after] = await db.select().from(schema.tradeLeads).where(eq(schema.tradeLeads.id, lead.id));
    expect(after).toMatchObject({ title: "Edited lead", leadType: "sell", isActive: false });
    expect(after.updatedAt.getTime()).toBeGreaterThan(lead.updatedAt.getTime());
    expect((await board()).leads.some((l) => l.title === "Edited lead")).toBe(false);
    await post(
      `/trade-leads/${lead.id}/edit`,
      { leadType: "sell", title: "Edited lead", description: "New text", isActive: "on" },
      ownerCookie,
    );
    expect((await board()).leads.some((l) => l.title === "Edited lead")).toBe(true);
  });

  it("answers another member's lead id with 404 and changes nothing", async () => {
    const lead = await addLead(owner.id, 400, { title: "Not yours" });
    const intruder = await sessionCookie((await createUser({ plan: "premium" })).id);
    expect((await get(`/trade-leads/${lead.id}/edit`, intruder)).status).toBe(404);
    expect((await post(`/trade-leads/${lead.id}/edit`, { title: "Hijacked", description: "x" }, intruder)).status).toBe(404);
    expect((await post("/trade-leads?index", { intent: "delete", leadId: lead.id }, intruder)).status).toBe(404);
    const [after] = await db.select().from(schema.tradeLeads).where(eq(schema.tradeLeads.id, lead.id));
    expect(after.title).toBe("Not yours");
  });

  it("asks for confirmation before deleting, then deletes with a toast", async () => {
    const lead = await addLead(owner.id, 500, { title: "Doomed lead" });
    const confirm = await (await get(`/trade-leads?tab=mine&confirmDelete=${lead.id}`, ownerCookie)).text();
    expect(confirm).toContain("Are you sure you want to delete this trade lead?");
    const deleted = await post("/trade-leads?index", { intent: "delete", leadId: lead.id }, ownerCookie);
    expect(deleted.status).toBe(302);
    expect(await (await get("/trade-leads?tab=mine", mergeCookie(ownerCookie, deleted))).text()).toContain(
      "Trade lead deleted successfully!",
    );
    expect(await db.select().from(schema.tradeLeads).where(eq(schema.tradeLeads.id, lead.id))).toHaveLength(0);
  });

  it("rate-limits posting per member", async () => {
    const member = await createUser();
    const cookie = await sessionCookie(member.id);
    for (let i = 0; i < 10; i++)
      expect((await post("/trade-leads/new", { title: `Lead ${i}`, description: "d" }, cookie)).status).toBe(302);
    const limited = await post("/trade-leads/new", { title: "One too many", description: "d" }, cookie);
    expect(limited.status).toBe(429);
    expect(await db.select().from(schema.tradeLeads).where(eq(schema.tradeLeads.title, "One too many"))).toHaveLength(0);
  });
});

function mergeCookie(cookie: string, response: Response) {
  return [cookie, cookiesFrom(response)].filter(Boolean).join("; ");
}
