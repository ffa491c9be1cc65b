// Issue 38, items 5, 6, 7, 8, 16 and 17: what notifications, e-mails and the checkout say. One
// describe per item, numbered as the issue numbers them. E-mail is read as its recipient gets it
// (tests/support/mail.ts).
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatPrice } from "~/lib/format";
import { getOrCreateUserCartId } from "~/models/cart.server";
import { runScheduledWork } from "~/services/scheduled.server";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import { cookiesFrom, createCompany, createUser, db, get, ORIGIN, post, sessionCookie } from "../support/factories";
import { lastMailTo, linkToken, mailTo } from "../support/mail";
import { fetchWorker } from "../support/worker";

beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
});
beforeEach(async () => {
  await db.delete(schema.rateLimits);
});

/** A supplier company with a product of each title (price 10 USD each), and its session. */
async function supplier(name: string, titles: string[], language = "en") {
  const { owner, catalog } = await createCompany(name, "free");
  await db.update(schema.profiles).set({ language }).where(eq(schema.profiles.id, owner.id));
  const products = await db
    .insert(schema.products)
    .values(titles.map((title) => ({ catalogId: catalog.id, title, category: "Agriculture", price: 10, companyName: name })))
    .returning();
  return { owner, catalog, products, cookie: await sessionCookie(owner.id) };
}

async function buyerWithCart(items: { productId: number; quantity: number }[], language = "en") {
  const buyer = await createUser();
  await db.update(schema.profiles).set({ language }).where(eq(schema.profiles.id, buyer.id));
  const cartId = await getOrCreateUserCartId(db, buyer.id);
  await db.insert(schema.cartItems).values(items.map((item) => ({ cartId, ...item })));
  return { ...buyer, cartId, cookie: await sessionCookie(buyer.id) };
}

const noticesOf = (userId: string) =>
  db.select().from(schema.notifications).where(eq(schema.notifications.userId, userId)).orderBy(schema.notifications.createdAt);
const requestsOf = (userId: string) => db.select().from(schema.inquiries).where(eq(schema.inquiries.userId, userId));
const linesOf = async (inquiryId: string) =>
  (await db.select().from(schema.inquiryLines).where(eq(schema.inquiryLines.inquiryId, inquiryId))).map((l) => l.title).sort();
const validUntil = () => new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
const quote = (unitPrices: string[], intent = "quote") => ({
  intent,
  ...Object.fromEntries(unitPrices.map((price, i) => [`unitPrices[${i}]`, price])),
  currency: "USD",
  minimumOrder: "1",
  leadTimeDays: "7",
  incoterm: "FOB",
  paymentTerms: "30% deposit",
  validUntil: validUntil(),
});
/** The bell's list as the member reads it: each item's words. */
async function bellItems(cookie: string) {
  const html = await (await get("/notifications", cookie)).text();
  return [...html.matchAll(/data-testid="notification"[^>]*><a[^>]*>([^<]*)<\/a>/g)].map((m) =>
    m[1].replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'"),
  );
}

describe("5. a quote's notification names the supplier, the product and the total; one per quote, and a revision says so", () => {
  it("tells apart two suppliers' quotes on one cart, in the bell and the e-mail, and says 'revised' of a revision", async () => {
    const rice = await supplier("Bangkok Rice Mills", ["Basmati rice"]);
    const lamps = await supplier("Shenzhen Brightway Electronics", ["LED desk lamp", "LED floor lamp"]);
    const buyer = await buyerWithCart([
      { productId: rice.products[0].id, quantity: 20 },
      { productId: lamps.products[0].id, quantity: 500 },
      { productId: lamps.products[1].id, quantity: 50 },
    ]);
    const checkout = await post(
      "/cart",
      {
        intent: "checkout",
        [`messages.${rice.catalog.id}`]: "20 tons basmati rice",
        [`messages.${lamps.catalog.id}`]: "500 LED desk lamps",
      },
      buyer.cookie,
    );
    expect(checkout.status).toBe(302);
    const requests = await requestsOf(buyer.id);
    const toRice = requests.find((r) => r.supplierId === rice.owner.id)!;
    const toLamps = requests.find((r) => r.supplierId === lamps.owner.id)!;
    const reference = `RFQ-${toRice.groupId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;

    // One quote, one notification: it names who, what, how much, and the reference.
    expect((await post(`/requests/${toRice.id}`, quote(["350"]), rice.cookie)).status).toBe(302);
    expect(await bellItems(buyer.cookie)).toEqual([`Bangkok Rice Mills quoted $7,000.00 for Basmati rice (${reference})`]);
    const riceMail = lastMailTo(buyer.email);
    expect(riceMail.subject).toBe("Bangkok Rice Mills sent you a quote: $7,000.00");
    expect(riceMail.text).toContain(`Bangkok Rice Mills answered your request ${reference} with a quote of $7,000.00 for Basmati rice.`);
    // A second press of the same form writes nothing, and tells nobody again.
    expect((await post(`/requests/${toRice.id}`, quote(["350"]), rice.cookie)).status).toBe(409);
    expect(await noticesOf(buyer.id)).toHaveLength(1);

    // The other supplier of the same cart (same reference): its own words, not a second copy.
    expect((await post(`/requests/${toLamps.id}`, quote(["12", "40"]), lamps.cookie)).status).toBe(302);
    const items = await bellItems(buyer.cookie);
    expect(items).toEqual([
      `Shenzhen Brightway Electronics quoted $8,000.00 for LED desk lamp and 1 more product (${reference})`,
      `Bangkok Rice Mills quoted $7,000.00 for Basmati rice (${reference})`,
    ]);
    expect(new Set(items).size).toBe(2);
    expect(lastMailTo(buyer.email).subject).toBe("Shenzhen Brightway Electronics sent you a quote: $8,000.00");

    // A revision adds one item, which says it is revised, with the new total.
    expect((await post(`/requests/${toRice.id}`, quote(["330"], "revise"), rice.cookie)).status).toBe(302);
    expect((await bellItems(buyer.cookie))[0]).toBe(`Bangkok Rice Mills revised its quote for Basmati rice to $6,600.00 (${reference})`);
    expect(lastMailTo(buyer.email).subject).toBe("Bangkok Rice Mills revised its quote: $6,600.00");
    expect((await noticesOf(buyer.id)).map((n) => n.data.context)).toEqual(["sent", "sent", "revised"]);
    expect(mailTo(buyer.email)).toHaveLength(3);
  });

  it("writes the total as the buyer's language does, and names a buy request's title and the quoting company", async () => {
    const { owner, catalog } = await createCompany("Pune Polymers", "free");
    await db.insert(schema.products).values({ catalogId: catalog.id, title: "PVC resin", category: "Chemicals", price: 5 });
    const buyer = await createUser();
    await db.update(schema.profiles).set({ language: "es" }).where(eq(schema.profiles.id, buyer.id));
    const [lead] = await db
      .insert(schema.tradeLeads)
      .values({ userId: buyer.id, leadType: "buy", title: "Resina de PVC", description: "20 t", category: "Chemicals", quantity: "20 t" })
      .returning();
    const { intent: _intent, ...leadQuote } = { ...quote(["900"]), quantity: "20" };
    expect((await post(`/trade-leads/${lead.id}/quote`, leadQuote, await sessionCookie(owner.id))).status).toBe(302);
    const [told] = await noticesOf(buyer.id);
    expect(told.data).toMatchObject({ context: "sent", company: "Pune Polymers", product: "Resina de PVC", total: 18000, currency: "USD" });
    const mail = lastMailTo(buyer.email);
    // '18.000,00 US$', with the no-break space Spanish puts before the currency.
    const total = formatPrice(18000, "USD", "es");
    expect(total).toMatch(/^18\.000,00\sUS\$$/);
    expect(mail.subject).toBe(`Pune Polymers te envió una cotización: ${total}`);
    expect(mail.text).toContain(`con una cotización de ${total} por Resina de PVC`);
  });
});

describe("6. a verification's decision says approved, or rejected with the reason, in the bell, the digest and the e-mail", () => {
  const PDF = () => new File([new TextEncoder().encode("%PDF-1.7\n% registration\n")], "registration.pdf", { type: "application/pdf" });
  async function applied(name: string) {
    const { owner, catalog } = await createCompany(name, "free");
    const cookie = await sessionCookie(owner.id);
    const body = new FormData();
    for (const [field, value] of Object.entries({ intent: "apply", registrationNumber: "91440300", country: "China", address: "Shenzhen" }))
      body.append(field, value);
    body.append("documents", PDF());
    const applying = await fetchWorker(`${ORIGIN}/catalog/${catalog.id}/verification`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: ORIGIN, Host: "localhost", Cookie: cookie },
      body,
    });
    expect(applying.status).toBe(302);
    const [application] = await db.select().from(schema.verifications).where(eq(schema.verifications.catalogId, catalog.id));
    return { owner, cookie, application };
  }

  it("rejected: the bell and the daily digest give the reason; approved: they say approved", async () => {
    const admin = await sessionCookie(null, true);
    const rejected = await applied("Shenzhen Brightway Electronics");
    const reason = "The registration number does not match the certificate";
    expect((await post("/admin/verifications", { intent: "reject", id: rejected.application.id, reason }, admin)).status).toBe(302);
    expect(await bellItems(rejected.cookie)).toEqual([`The verification of Shenzhen Brightway Electronics was rejected: ${reason}`]);

    const approved = await applied("Guangzhou Lights");
    expect((await post("/admin/verifications", { intent: "approve", id: approved.application.id }, admin)).status).toBe(302);
    expect(await bellItems(approved.cookie)).toEqual([
      "The verification of Guangzhou Lights was approved: it shows as a Verified Supplier",
    ]);

    // Decisions go in the daily digest by default.
    await runScheduledWork(env, db);
    const digest = lastMailTo(rejected.owner.email, "Your daily summary: 1 new notification");
    expect(digest.text).toContain(`The verification of Shenzhen Brightway Electronics was rejected: ${reason}`);
    expect(lastMailTo(approved.owner.email, "Your daily summary: 1 new notification").text).toContain(
      "The verification of Guangzhou Lights was approved",
    );
  });

  it("sends the decision at once, with its outcome and reason, to a supplier who chose so", async () => {
    const admin = await sessionCookie(null, true);
    const s = await applied("Hanoi Textiles");
    await db.insert(schema.notificationSettings).values({ userId: s.owner.id, kind: "verification_decision", delivery: "instant" });
    await post("/admin/verifications", { intent: "reject", id: s.application.id, reason: "The licence has expired" }, admin);
    const mail = lastMailTo(s.owner.email, "Your company verification was rejected");
    expect(mail.text).toContain("An administrator reviewed the application to verify Hanoi Textiles and rejected it");
    expect(mail.text).toContain("“The licence has expired”");
  });
});

describe("7. checkout writes to each supplier: its own message and its own lines", () => {
  it("gives each supplier only its message and lines; a supplier without a message is refused next to its box", async () => {
    const rice = await supplier("Chiang Mai Rice", ["Jasmine rice"]);
    const lamps = await supplier("Ningbo Lamps", ["Desk lamp"]);
    const buyer = await buyerWithCart([
      { productId: rice.products[0].id, quantity: 20 },
      { productId: lamps.products[0].id, quantity: 500 },
    ]);

    // The page has a box for each supplier, with its lines beside it.
    const page = await (await get("/cart", buyer.cookie)).text();
    expect(page).toContain(`name="messages.${rice.catalog.id}"`);
    expect(page).toContain(`name="messages.${lamps.catalog.id}"`);
    expect(page).toContain("Your message to Chiang Mai Rice");
    expect(page).toContain("Your message to Ningbo Lamps");

    // One box left empty: nothing is written, and the box says why.
    const refused = await post("/cart", { intent: "checkout", [`messages.${rice.catalog.id}`]: "20 tons jasmine rice" }, buyer.cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("This field is required");
    expect(await requestsOf(buyer.id)).toEqual([]);
    expect(await db.select().from(schema.cartItems).where(eq(schema.cartItems.cartId, buyer.cartId))).toHaveLength(2);

    const sent = await post(
      "/cart",
      {
        intent: "checkout",
        [`messages.${rice.catalog.id}`]: "20 tons jasmine rice",
        [`messages.${lamps.catalog.id}`]: "500 desk lamps",
        // A box for a company that is not in the cart writes nothing.
        [`messages.${crypto.randomUUID()}`]: "nobody",
      },
      buyer.cookie,
    );
    expect(sent.status).toBe(302);
    const requests = await requestsOf(buyer.id);
    expect(requests).toHaveLength(2);
    const toRice = requests.find((r) => r.supplierId === rice.owner.id)!;
    const toLamps = requests.find((r) => r.supplierId === lamps.owner.id)!;
    expect(toRice.message).toBe("20 tons jasmine rice");
    expect(toLamps.message).toBe("500 desk lamps");
    expect(await linesOf(toRice.id)).toEqual(["Jasmine rice"]);
    expect(await linesOf(toLamps.id)).toEqual(["Desk lamp"]);
    // Each supplier reads its own request only.
    const riceInbox = await (await get("/inbox", rice.cookie)).text();
    expect(riceInbox).toContain("20 tons jasmine rice");
    expect(riceInbox).not.toContain("500 desk lamps");
    expect(await db.select().from(schema.cartItems).where(eq(schema.cartItems.cartId, buyer.cartId))).toEqual([]);
    // The buyer's list shows each request with its own message.
    const mine = await (await get("/requests", buyer.cookie)).text();
    expect(mine).toContain("20 tons jasmine rice");
    expect(mine).toContain("500 desk lamps");
  });

  it("a visitor's checkout, confirmed by e-mail, gives each supplier its own message", async () => {
    const rice = await supplier("Ayutthaya Rice", ["Sticky rice"]);
    const lamps = await supplier("Foshan Lamps", ["Floor lamp"]);
    const headers = { "CF-Connecting-IP": "203.0.113.38" };
    let cookie = "";
    for (const product of [rice.products[0], lamps.products[0]]) {
      const added = await post("/cart", { intent: "add", productId: String(product.id) }, cookie || undefined, headers);
      expect(added.status).toBe(302);
      cookie ||= cookiesFrom(added)
        .split("; ")
        .filter((c) => !c.startsWith("toast"))
        .join("; ");
    }
    const email = `visitor-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const sent = await post(
      "/cart",
      {
        intent: "checkout",
        name: "Vera Visitor",
        email,
        [`messages.${rice.catalog.id}`]: "Sticky rice, 5 tons",
        [`messages.${lamps.catalog.id}`]: "Floor lamps, 40 pieces",
      },
      cookie,
      headers,
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toMatch(/^\/requests\/sent\?ref=RFQ-[0-9A-F]{8}&suppliers=2&confirm=email$/);
    const confirmation = lastMailTo(email, "Confirm your request for quotation");
    expect(confirmation.text).toContain("it reaches the 2 suppliers only once you do");
    const token = linkToken(confirmation, "/requests/confirm");
    expect(await (await get(`/requests/confirm?token=${token}`)).text()).toContain(
      "Send your request for quotation to the 2 suppliers now?",
    );
    const confirmed = await post("/requests/confirm", { token: token! });
    expect(confirmed.headers.get("Location")).toMatch(/&suppliers=2$/);
    const requests = await db.select().from(schema.inquiries).where(eq(schema.inquiries.email, email));
    expect(Object.fromEntries(requests.map((r) => [r.supplierId, r.message]))).toEqual({
      [rice.owner.id]: "Sticky rice, 5 tons",
      [lamps.owner.id]: "Floor lamps, 40 pieces",
    });
  });
});

describe("8. after checkout the page counts the suppliers", () => {
  it("says 'sent to 2 suppliers' after a cart of two, 'to the supplier' after one, in each language's plural", async () => {
    const a = await supplier("Plural Rice", ["Red rice"]);
    const b = await supplier("Plural Lamps", ["Wall lamp"]);
    const buyer = await buyerWithCart([
      { productId: a.products[0].id, quantity: 1 },
      { productId: b.products[0].id, quantity: 1 },
    ]);
    const sent = await post(
      "/cart",
      { intent: "checkout", [`messages.${a.catalog.id}`]: "Red rice please", [`messages.${b.catalog.id}`]: "Wall lamps please" },
      buyer.cookie,
    );
    const location = sent.headers.get("Location")!;
    expect(location).toMatch(/^\/requests\/sent\?ref=RFQ-[0-9A-F]{8}&suppliers=2$/);
    const page = await (await get(location, cookiesFrom(sent))).text();
    expect(page).toContain("Your request has been sent to 2 suppliers. You will receive their answers by e-mail.");
    expect(page).not.toContain("sent to the supplier");
    expect(await (await get(location, undefined, { "Accept-Language": "ja" })).text()).toContain(
      "ご依頼を2社のサプライヤーに送信しました。",
    );
    expect(await (await get(location, undefined, { "Accept-Language": "hi" })).text()).toContain(
      "आपका अनुरोध 2 आपूर्तिकर्ताओं को भेज दिया गया है।",
    );

    const one = await post(`/request-quote/${a.products[0].id}`, { quantity: "3", message: "Just rice" }, buyer.cookie);
    const single = one.headers.get("Location")!;
    expect(single).toMatch(/&suppliers=1$/);
    expect(await (await get(single)).text()).toContain("Your request has been sent to the supplier.");
  });
});

describe("16. each language names the site one way in e-mails, the sender's name included", () => {
  it("a Hindi member's e-mail names the site as the Hindi header does, and nothing else", async () => {
    const s = await supplier("Hindi Bell Rice", ["Sona masoori rice"], "hi");
    const buyer = await createUser();
    await post(`/request-quote/${s.products[0].id}`, { quantity: "20", message: "Price for 20?" }, await sessionCookie(buyer.id));
    const mail = lastMailTo(s.owner.email);
    expect(mail.subject).toBe("नया कोटेशन अनुरोध");
    expect(mail.fromName).toBe("वैश्विक व्यापार बाज़ार");
    expect(mail.text).toContain("वैश्विक व्यापार बाज़ार टीम");
    expect(mail.text).toContain("वैश्विक व्यापार बाज़ार पर आपकी सूचना सेटिंग्स");
    for (const other of ["Global Trade Marketplace", "ग्लोबल ट्रेड", "मार्केटप्लेस"]) {
      expect(mail.text).not.toContain(other);
      expect(mail.html).not.toContain(other);
    }
    // English readers get the English name, as the sender's name too.
    const english = await supplier("English Bell Rice", ["Brown rice"]);
    await post(`/request-quote/${english.products[0].id}`, { quantity: "2", message: "Price?" }, await sessionCookie(buyer.id));
    expect(lastMailTo(english.owner.email)).toMatchObject({ fromName: "Global Trade Marketplace" });
  });
});

describe("17. the membership form's country starts at the visitor's country", () => {
  /** The options chosen in the form's country list. */
  const selected = (html: string) => {
    const list = html.match(/<select[^>]*name="country"[^>]*>([\s\S]*?)<\/select>/)?.[1] ?? "";
    return [...list.matchAll(/<option value="([^"]*)" selected="">/g)].map((m) => m[1]);
  };
  const membership = (country?: string) =>
    get("/membership?plan=free&step=details", undefined, country === undefined ? {} : { "CF-IPCountry": country });

  it("preselects the country Cloudflare names, and Romania only when it names none", async () => {
    expect(selected(await (await membership("JP")).text())).toEqual(["Japan"]);
    expect(selected(await (await membership("IN")).text())).toEqual(["India"]);
    for (const unknown of [undefined, "XX", "T1", "ZZ", "HK", "Japan"])
      expect(selected(await (await membership(unknown)).text()), String(unknown)).toEqual(["Romania"]);
  });

  it("the sign-up form's optional country: the visitor's when known, none otherwise", async () => {
    const signUp = (headers: Record<string, string>) => get("/auth?mode=signup", undefined, headers);
    expect(selected(await (await signUp({ "CF-IPCountry": "DE" })).text())).toEqual(["Germany"]);
    expect(selected(await (await signUp({})).text())).toEqual([]);
  });
});
