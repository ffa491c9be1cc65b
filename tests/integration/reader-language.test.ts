// Issue 38, items 11-15: countries, categories, plan names, numbers and the first greeting in the
// reader's language, through the Worker, in Chinese and Hindi.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import { cookiesFrom, createCompany, createUser, db, editedElsewhere, get, post, sessionCookie } from "../support/factories";

const DAY = 24 * 60 * 60 * 1000;

const page = async (path: string, cookie?: string) => {
  const response = await get(path, cookie);
  expect(response.status, path).toBe(200);
  return response.text();
};

/** The text of an element's contents, tags dropped (React splits text around values with comments). */
const textOf = (html: string) => html.replace(/<!--.*?-->/g, "").replace(/<[^>]+>/g, "");

beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
});

async function supplierIn(country: string, name: string, category = "Industrial") {
  const { owner, catalog } = await createCompany(name, "professional");
  await db.update(schema.profiles).set({ country }).where(eq(schema.profiles.id, owner.id));
  const [product] = await db
    .insert(schema.products)
    .values({ catalogId: catalog.id, title: `${name} valve`, category, price: 10, currency: "USD" })
    .returning();
  return { owner, catalog, product, cookie: await sessionCookie(owner.id) };
}

describe("item 11: countries on request pages and in the quote comparison", () => {
  let buyerCookie: string;
  let thai: Awaited<ReturnType<typeof supplierIn>>;
  let requestId: string;

  beforeAll(async () => {
    thai = await supplierIn("Thailand", "Siam Valves");
    const indian = await supplierIn("India", "Pune Valves");
    const buyer = await createUser();
    await db.update(schema.profiles).set({ country: "Brazil" }).where(eq(schema.profiles.id, buyer.id));
    buyerCookie = await sessionCookie(buyer.id);
    const [lead] = await db
      .insert(schema.tradeLeads)
      .values({ userId: buyer.id, leadType: "buy", title: "Need valves", description: "2,000 valves", category: "Industrial" })
      .returning();
    const quote = {
      "unitPrices[0]": "9.5",
      currency: "USD",
      minimumOrder: "100",
      leadTimeDays: "21",
      incoterm: "FOB",
      paymentTerms: "30% deposit",
      validUntil: new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10),
      message: "Our offer",
      quantity: "2000",
    };
    for (const supplier of [thai, indian]) expect((await post(`/trade-leads/${lead.id}/quote`, quote, supplier.cookie)).status).toBe(302);
    const [request] = await db.select().from(schema.inquiries).where(eq(schema.inquiries.supplierId, thai.owner.id));
    requestId = request.id;
  });

  it("names the suppliers' countries in Hindi and Chinese in the comparison on /requests", async () => {
    const hindi = await page("/requests?lng=hi", buyerCookie);
    expect(hindi).toContain('data-testid="comparison"');
    for (const name of ["थाईलैंड", "भारत"]) expect(hindi).toContain(name);
    const chinese = await page("/requests?lng=zh", buyerCookie);
    for (const name of ["泰国", "印度"]) expect(chinese).toContain(name);
    for (const body of [hindi, chinese]) for (const name of ["Thailand", "India"]) expect(body).not.toContain(name);
    // English readers keep the stored names.
    expect(await page("/requests?lng=en", buyerCookie)).toContain("Thailand");
  });

  it("names the supplier's and the buyer's countries on /requests/:id and the buyer's in the supplier's /inbox", async () => {
    const buyerView = await page(`/requests/${requestId}?lng=hi`, buyerCookie);
    expect(buyerView).toContain("थाईलैंड");
    expect(buyerView).not.toContain("Thailand");
    const supplierView = await page(`/requests/${requestId}?lng=zh`, thai.cookie);
    expect(supplierView).toContain("巴西");
    expect(supplierView).not.toContain("Brazil");
    const inbox = await page("/inbox?lng=hi", thai.cookie);
    expect(inbox).toContain("ब्राज़ील");
    expect(inbox).not.toContain("Brazil");
  });
});

describe("item 12: category names", () => {
  let member: string;
  beforeAll(async () => {
    const { catalog } = await createCompany("Category Goods Co");
    await db.insert(schema.products).values([
      { catalogId: catalog.id, title: "Pocket radio", category: "Consumer Electronics", price: 12, currency: "USD" },
      { catalogId: catalog.id, title: "Rice husker", category: "Agriculture", price: 900, currency: "USD" },
      { catalogId: catalog.id, title: "Odd gadget", category: "Other", price: 3, currency: "USD" },
    ]);
    editedElsewhere();
    member = await sessionCookie((await createUser()).id);
  });

  it("translates the product list's heading and its cards' categories", async () => {
    const chinese = await page("/products?category=Consumer%20Electronics&lng=zh", member);
    expect(chinese).toMatch(/<h1[^>]*>产品分类：消费电子<\/h1>/);
    expect(chinese).not.toContain("Consumer Electronics 产品");
    const hindi = await page("/products?category=agriculture&lng=hi", member);
    expect(hindi).toMatch(/<h1[^>]*>श्रेणी: कृषि<\/h1>/);
    expect(hindi).not.toMatch(/>Agriculture</);
    // 'Other' was missing from the labels: a card said 'Other' in every language.
    const other = await page("/products?search=gadget&lng=zh", member);
    expect(other).toContain(">其他<");
    // A filter that names no category stays as typed.
    expect(await page("/products?category=gadg&lng=zh", member)).toMatch(/<h1[^>]*>产品分类：gadg<\/h1>/);
  });

  it("translates the home page's categories and the trade-lead board's", async () => {
    const home = await page("/?lng=hi", member);
    expect(home).toContain("उपभोक्ता इलेक्ट्रॉनिक्स");
    expect(home).not.toContain(">Consumer Electronics<");
    const owner = await createUser();
    await db
      .insert(schema.tradeLeads)
      .values({ userId: owner.id, leadType: "buy", title: "Need juice", description: "Orange juice", category: "Food & Beverages" });
    const board = await page("/trade-leads?lng=zh", member);
    expect(board).toContain("食品饮料");
    // The English name stays only as the alert form's option value.
    expect(board).not.toContain(">Food &amp; Beverages<");
  });
});

describe("item 13: plan names", () => {
  it("are translated on the membership page, with its numbers written for the language", async () => {
    const chinese = await page("/membership?lng=zh");
    for (const name of ["免费", "白银", "黄金", "铂金"]) expect(chinese).toContain(name);
    for (const name of [">Silver<", ">Gold<", ">Platinum<"]) expect(chinese).not.toContain(name);
    const hindi = await page("/membership?lng=hi");
    for (const name of ["सिल्वर", "गोल्ड", "प्लैटिनम"]) expect(hindi).toContain(name);
    expect(textOf(hindi)).toContain("प्रति कैटलॉग अधिकतम 1,000 उत्पाद");
    const upgrade = await page("/membership?step=details&plan=gold&lng=hi", await sessionCookie((await createUser()).id));
    expect(textOf(upgrade)).toContain("गोल्ड प्लान का अनुरोध करें");
  });

  it("are translated in My Catalog, the forum's access screen and the admin's upgrade requests", async () => {
    const gold = await createUser({ plan: "professional" });
    expect(textOf(await page("/catalog?lng=zh", await sessionCookie(gold.id)))).toContain("黄金 套餐");
    const free = await createUser();
    const forum = await get("/forum?lng=hi", await sessionCookie(free.id));
    expect(forum.status).toBe(403);
    expect(textOf(await forum.text())).toContain("वर्तमान स्थिति: निःशुल्क सदस्यता");
    await db.insert(schema.planUpgradeRequests).values({ userId: free.id, requestedPlan: "platinum" });
    const admin = await page("/admin/members?lng=zh", await sessionCookie(null, true));
    expect(admin).toMatch(/<td class="p-3">铂金<\/td>/);
  });
});

describe("item 14: numbers", () => {
  it("says the member count as each language does in the top bar and the description", async () => {
    const chinese = await page("/?lng=zh");
    expect(chinese).toContain("这里汇聚了超过1100万家进口商和出口商");
    expect(chinese).not.toContain("11 百万");
    const hindi = await page("/?lng=hi");
    expect(hindi).toContain("जहाँ 1.1 करोड़ से अधिक आयातक");
    expect(hindi).toMatch(/<meta name="description" content="1.1 करोड़ से अधिक/);
    expect(await page("/?lng=en")).toContain("home of over 11 million importers and exporters");
  });
});

describe("item 15: a new member's first greeting", () => {
  const signup = (email: string) => ({
    intent: "signup",
    email,
    password: "secret12",
    fullName: "Nora New",
    companyName: "New Co",
    businessType: "Buy Only",
    country: "Kenya",
  });

  it("says Welcome (not Welcome back) at the first sign-in after signing up, and Welcome back in a later session", async () => {
    const created = await post("/auth", signup("first-visit@example.com"));
    expect(created.status).toBe(302);
    const signIn = () => post("/auth", { intent: "signin", email: "first-visit@example.com", password: "secret12" });
    const firstSignIn = await signIn();
    expect(firstSignIn.status).toBe(302);
    const first = await page("/?lng=zh", cookiesFrom(firstSignIn));
    expect(first).toContain("欢迎，Nora New！");
    expect(first).not.toContain("欢迎回来");
    const hindi = await page("/?lng=hi", cookiesFrom(firstSignIn));
    expect(hindi).toContain("स्वागत है, Nora New!");
    expect(hindi).not.toContain("फिर से स्वागत है");

    // A later sign-in opens a later session (on another device, the first still open): welcomed back.
    const later = await signIn();
    expect(later.status).toBe(302);
    expect(await page("/?lng=hi", cookiesFrom(later))).toContain("फिर से स्वागत है, Nora New!");
    expect(await page("/?lng=en", cookiesFrom(later))).toContain("Welcome back, Nora New!");
  });

  it("welcomes back a member who signed up days ago, in their language", async () => {
    const member = await createUser({ createdAt: new Date(Date.now() - 3 * DAY) });
    const home = await page("/?lng=zh", await sessionCookie(member.id));
    expect(home).toContain("欢迎回来，Test free！");
  });
});
