// Issue 37, items 5, 8 and 9: what visitors can make the site do to others. One describe per item,
// numbered as the issue numbers them; each sends what the probe sent.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { REQUEST_CONFIRM_TTL_MS } from "~/lib/constants";
import { hashToken } from "~/lib/tokens.server";
import { deleteUnconfirmedRequests } from "~/models/inquiries.server";
import * as schema from "../../db/schema";
import { checkoutMessages, cookiesFrom, createCompany, createUser, db, get, post, sessionCookie } from "../support/factories";
import { lastMailTo, linkToken, SITE } from "../support/mail";

const address = () => `198.51.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;
const from = (ip: string) => ({ "CF-Connecting-IP": ip });
const statuses = (responses: Response[]) => responses.map((r) => r.status);
const tally = (list: number[], status: number) => list.filter((s) => s === status).length;

beforeEach(async () => {
  await db.delete(schema.rateLimits);
});

/** A supplier with one listing, and the supplier's session. */
async function supplierWithProduct(title: string) {
  const { owner, catalog } = await createCompany(`${title} Co`);
  const [product] = await db
    .insert(schema.products)
    .values({ title, category: "Industrial", price: 10, catalogId: catalog.id })
    .returning();
  return { owner, product, cookie: await sessionCookie(owner.id) };
}

const outboxTo = (email: string) => db.select().from(schema.outbox).where(eq(schema.outbox.toEmail, email));
const requestsAbout = (message: string) => db.select().from(schema.inquiries).where(eq(schema.inquiries.message, message));
const noticesOf = (userId: string) => db.select().from(schema.notifications).where(eq(schema.notifications.userId, userId));
/** The token of the newest confirmation link e-mailed to `email` (as the local transport delivered it). */
const confirmTokenFor = (email: string) => linkToken(lastMailTo(email, "Confirm your request for quotation"), "/requests/confirm");

describe("5. a visitor's requests are limited, and reach a supplier only once the visitor confirms them", () => {
  const ask = (productId: number, email: string, message: string, ip: string) =>
    post(`/request-quote/${productId}`, { quantity: "2", message, name: "Vera Visitor", email }, undefined, from(ip));

  it("writes 10 of 50 posts from one signed-out address, and tells the supplier of none before they are confirmed", async () => {
    const supplier = await supplierWithProduct("Flooded Valve");
    const ip = address();
    const message = `flood-${crypto.randomUUID()}`;
    const answers = [];
    for (let i = 0; i < 50; i++) answers.push((await ask(supplier.product.id, `flood-${i}@example.com`, message, ip)).status);
    expect(tally(answers, 302)).toBe(10);
    expect(tally(answers, 429)).toBe(40);
    expect(await requestsAbout(message)).toHaveLength(10);
    expect(await outboxTo(supplier.owner.email)).toEqual([]);
    expect(await noticesOf(supplier.owner.id)).toEqual([]);
    const inbox = await (await get("/inbox", supplier.cookie)).text();
    expect(inbox).not.toContain(message);
    expect(inbox).not.toContain('data-testid="inbox-count"');
  });

  it("says why next to the form, with 429, in the visitor's language", async () => {
    const supplier = await supplierWithProduct("Refused Valve");
    const ip = address();
    for (let i = 0; i < 10; i++) expect((await ask(supplier.product.id, `refused-${i}@example.com`, "Price?", ip)).status).toBe(302);
    const refused = await ask(supplier.product.id, "refused-late@example.com", "Price?", ip);
    expect(refused.status).toBe(429);
    const html = await refused.text();
    expect(html).toContain("You have sent too many requests for now.");
    expect(html).toMatch(/<form[^>]*id="inquiry"/);
    const french = await post(
      `/request-quote/${supplier.product.id}?lng=fr`,
      { quantity: "2", message: "Prix ?", name: "Vera", email: "refused-fr@example.com" },
      "lng=fr",
      { ...from(ip), "Accept-Language": "fr" },
    );
    expect(french.status).toBe(429);
    expect(await french.text()).toContain("Vous avez envoyé trop de demandes pour le moment.");
  });

  it("counts before writing: exactly 10 of 40 parallel posts from one address, and 5 of 40 with one e-mail from rotating addresses", async () => {
    const supplier = await supplierWithProduct("Parallel Valve");
    const ip = address();
    const perAddress = `parallel-ip-${crypto.randomUUID()}`;
    const fromOne = statuses(
      await Promise.all(Array.from({ length: 40 }, (_, i) => ask(supplier.product.id, `p-${i}@example.com`, perAddress, ip))),
    );
    expect(tally(fromOne, 302)).toBe(10);
    expect(await requestsAbout(perAddress)).toHaveLength(10);

    const perEmail = `parallel-email-${crypto.randomUUID()}`;
    const oneEmail = statuses(
      await Promise.all(Array.from({ length: 40 }, () => ask(supplier.product.id, "same@example.com", perEmail, address()))),
    );
    expect(tally(oneEmail, 302)).toBe(5);
    expect(tally(oneEmail, 429)).toBe(35);
    expect(await requestsAbout(perEmail)).toHaveLength(5);
    // At most one confirmation e-mail per request written.
    expect(await outboxTo("same@example.com")).toHaveLength(5);
  });

  it("sends the visitor a link whose page asks first; its button sends the request to the supplier, once", async () => {
    const supplier = await supplierWithProduct("Confirmed Valve");
    const message = `confirm-${crypto.randomUUID()}`;
    const sent = await ask(supplier.product.id, "vera@example.com", message, address());
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toMatch(/^\/requests\/sent\?ref=RFQ-[0-9A-F]{8}&suppliers=1&confirm=email$/);
    const page = await (await get(sent.headers.get("Location")!, cookiesFrom(sent))).text();
    expect(page).toContain("Check your e-mail");

    const [request] = await requestsAbout(message);
    expect(request.supplierId).toBeNull();
    const [mail] = await outboxTo("vera@example.com");
    expect(mail).toMatchObject({ subject: "Confirm your request for quotation", language: "en" });
    expect(mail.text).toContain("Hello Vera Visitor,");
    const token = confirmTokenFor("vera@example.com")!;
    expect(token).toBeDefined();
    // The outbox keeps the link with its token masked.
    expect(mail.text).toContain(`${SITE}/requests/confirm?token=%LINK_TOKEN%`);
    expect(JSON.stringify(await outboxTo("vera@example.com"))).not.toContain(token);
    // Only the token's hash is stored.
    expect(request.confirmTokenHash).toBe(await hashToken(token));
    expect(JSON.stringify(await requestsAbout(message))).not.toContain(token);

    // Until the button is pressed, the supplier has nothing: no notice, no e-mail, no page.
    expect((await get(`/requests/${request.id}`, supplier.cookie)).status).toBe(404);
    // Opening the link (a mail scanner does) shows one button and changes nothing.
    const opened = await get(`/requests/confirm?token=${token}`);
    expect(opened.status).toBe(200);
    const form = await opened.text();
    expect(form).toMatch(/<form method="post"/);
    expect(form).toContain("Confirm and send");
    expect(await noticesOf(supplier.owner.id)).toEqual([]);
    expect(await outboxTo(supplier.owner.email)).toEqual([]);
    expect((await requestsAbout(message))[0].supplierId).toBeNull();

    const confirmed = await post("/requests/confirm", { token });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe(
      `/requests/sent?ref=RFQ-${request.groupId.replace(/-/g, "").slice(0, 8).toUpperCase()}&suppliers=1`,
    );
    const [after] = await requestsAbout(message);
    expect(after).toMatchObject({ supplierId: supplier.owner.id, confirmTokenHash: null });
    expect(await noticesOf(supplier.owner.id)).toHaveLength(1);
    expect((await outboxTo(supplier.owner.email)).map((m) => m.kind)).toEqual(["request_received"]);
    expect(await (await get("/inbox", supplier.cookie)).text()).toContain(message);

    // Used once: pressed again, or two presses at once, it tells nobody twice.
    const again = await Promise.all([post("/requests/confirm", { token }), post("/requests/confirm", { token })]);
    expect(statuses(again)).toEqual([410, 410]);
    expect(await again[0].text()).toContain("This link is invalid, used or expired.");
    expect(await noticesOf(supplier.owner.id)).toHaveLength(1);
  });

  it("confirms nothing with a link past 24 hours, and the sweep deletes the request", async () => {
    const supplier = await supplierWithProduct("Expired Valve");
    const message = `expired-${crypto.randomUUID()}`;
    expect((await ask(supplier.product.id, "late@example.com", message, address())).status).toBe(302);
    const token = confirmTokenFor("late@example.com")!;
    const past = new Date(Date.now() - REQUEST_CONFIRM_TTL_MS - 1000);
    await db.update(schema.inquiries).set({ createdAt: past }).where(eq(schema.inquiries.message, message));
    expect((await post("/requests/confirm", { token })).status).toBe(410);
    expect(await noticesOf(supplier.owner.id)).toEqual([]);
    await deleteUnconfirmedRequests(db, 100);
    expect(await requestsAbout(message)).toEqual([]);
  });

  it("holds a visitor's cart checkout the same way: one e-mail, then one request per supplier, each told on confirmation", async () => {
    const [a, b] = [await supplierWithProduct("Cart Pump"), await supplierWithProduct("Cart Hose")];
    const ip = address();
    const added = await post("/cart", { intent: "add", productId: String(a.product.id) }, undefined, from(ip));
    const cart = cookiesFrom(added)
      .split("; ")
      .filter((c) => c.startsWith("cart="))
      .join("; ");
    await post("/cart", { intent: "add", productId: String(b.product.id) }, cart, from(ip));
    const message = `cart-${crypto.randomUUID()}`;
    const messages = await checkoutMessages([a.product.id, b.product.id], message);
    const checkout = await post("/cart", { intent: "checkout", ...messages, name: "Carl Cart", email: "carl@example.com" }, cart, from(ip));
    expect(checkout.status).toBe(302);
    expect(checkout.headers.get("Location")).toMatch(/&confirm=email$/);
    expect((await requestsAbout(message)).map((r) => r.supplierId)).toEqual([null, null]);
    expect([...(await noticesOf(a.owner.id)), ...(await noticesOf(b.owner.id))]).toEqual([]);
    const mails = await outboxTo("carl@example.com");
    expect(mails).toHaveLength(1);

    expect((await post("/requests/confirm", { token: confirmTokenFor("carl@example.com")! })).status).toBe(302);
    expect((await requestsAbout(message)).map((r) => r.supplierId).sort()).toEqual([a.owner.id, b.owner.id].sort());
    expect(await noticesOf(a.owner.id)).toHaveLength(1);
    expect(await noticesOf(b.owner.id)).toHaveLength(1);
  });

  it("limits a visitor's checkouts per e-mail too, with the message next to the form", async () => {
    const supplier = await supplierWithProduct("Checkout Valve");
    let cart: string | undefined;
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      const added = await post("/cart", { intent: "add", productId: String(supplier.product.id) }, cart, from(address()));
      cart ??= cookiesFrom(added)
        .split("; ")
        .filter((c) => c.startsWith("cart="))
        .join("; ");
      const checkout = await post(
        "/cart",
        { intent: "checkout", ...(await checkoutMessages([supplier.product.id], "Quote")), name: "Carla", email: "carla@example.com" },
        cart,
        from(address()),
      );
      answers.push(checkout.status);
      if (checkout.status === 429) expect(await checkout.text()).toContain("You have sent too many requests for now.");
    }
    expect(answers).toEqual([302, 302, 302, 302, 302, 429]);
  });

  it("still sends a member's request to the supplier at once", async () => {
    const supplier = await supplierWithProduct("Member Valve");
    const buyer = await createCompany("Buying Member Co");
    const message = `member-${crypto.randomUUID()}`;
    const sent = await post(`/request-quote/${supplier.product.id}`, { quantity: "1", message }, await sessionCookie(buyer.owner.id));
    expect(sent.headers.get("Location")).toMatch(/^\/requests\/sent\?ref=RFQ-[0-9A-F]{8}&suppliers=1$/);
    expect((await requestsAbout(message))[0]).toMatchObject({ supplierId: supplier.owner.id, confirmTokenHash: null });
    expect(await noticesOf(supplier.owner.id)).toHaveLength(1);
  });
});

describe("8. sign-up does not tell whether an address is registered", () => {
  const signUp = (email: string, ip = address()) =>
    post("/auth", { intent: "signup", email, password: "secret12", fullName: "Sid Signup", businessType: "Buy Only" }, undefined, from(ip));
  const register = (email: string) =>
    post(
      "/membership?step=details&plan=gold",
      {
        plan: "gold",
        name: "Mo Member",
        companyName: "Mo Co",
        businessActivity: "buyer",
        email,
        country: "Romania",
        password: "secret12",
        confirmPassword: "secret12",
      },
      undefined,
      from(address()),
    );
  /** What a visitor (or a script) can see of an answer: status, where it leads, which cookies it sets, its body. */
  const visible = async (response: Response) => ({
    status: response.status,
    location: response.headers.get("Location"),
    cookies: response.headers.getSetCookie().map((c) => c.split("=")[0]),
    body: await response.text(),
  });
  const fresh = () => `fresh-${crypto.randomUUID()}@example.com`;

  it("answers a taken address as it answers a new one, on the sign-up tab and in the membership form", async () => {
    const owner = await createUser();
    expect(await visible(await signUp(owner.email))).toEqual(await visible(await signUp(fresh())));
    expect(await visible(await register(owner.email))).toEqual(await visible(await register(fresh())));
    const taken = await signUp(owner.email);
    const page = await (await get("/", cookiesFrom(taken))).text();
    expect(page).toContain("Account created successfully! Please check your email to verify your account.");
    expect(page).not.toContain("Hello,");
    expect(await db.select().from(schema.users).where(eq(schema.users.email, owner.email))).toHaveLength(1);
  });

  it("e-mails the owner, in their language, that someone tried, with links to sign in and to reset the password", async () => {
    const owner = await createUser();
    await db.update(schema.profiles).set({ language: "fr" }).where(eq(schema.profiles.id, owner.id));
    expect((await signUp(owner.email)).status).toBe(302);
    const [notice] = await outboxTo(owner.email);
    expect(notice).toMatchObject({
      kind: "signup_attempt",
      language: "fr",
      subject: "Quelqu'un a essayé de s'inscrire avec votre adresse e-mail",
    });
    expect(notice.text).toContain(`${SITE}/auth`);
    expect(notice.text).toContain(`${SITE}/forgot-password`);
    expect(notice.text).not.toContain("secret12");
    // A new address gets its verification e-mail, not this.
    const email = fresh();
    await signUp(email);
    expect((await outboxTo(email)).map((m) => m.kind)).toEqual(["verify_email"]);
  });

  it("tells the owner at most 3 times an hour, however many sign-ups try the address", async () => {
    const owner = await createUser();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await visible(await signUp(owner.email)));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await outboxTo(owner.email)).toHaveLength(3);
  });
});

describe("9. nobody can close the admin gate to its owner", () => {
  const gate = (password: string, ip: string, cookie?: string) => post("/admin/login", { password, redirectTo: "/" }, cookie, from(ip));
  /** The device cookie a response sets (the browser keeps it; the session is not needed). */
  const deviceFrom = (response: Response) =>
    cookiesFrom(response)
      .split("; ")
      .filter((c) => c.startsWith("device="))
      .join("; ");

  it("lets the browser that unlocked the gate before in after 70 failures from rotating addresses", async () => {
    const first = await gate(env.ADMIN_PASSWORD, address());
    expect(first.status).toBe(302);
    const device = deviceFrom(first);

    const failures = statuses(await Promise.all(Array.from({ length: 70 }, () => gate("wrong", address()))));
    expect(tally(failures, 401)).toBe(50);
    expect(tally(failures, 429)).toBe(20);
    // The gate is closed to strangers, even with the right password...
    expect((await gate(env.ADMIN_PASSWORD, address())).status).toBe(429);
    // ...but not to its owner's browser, from any address.
    const owner = await gate(env.ADMIN_PASSWORD, address(), device);
    expect(owner.status).toBe(302);
    expect(owner.headers.get("Location")).toBe("/");
    const admin = await post("/admin/outbox", { intent: "sendDue" }, cookiesFrom(owner), from(address()));
    expect(admin.headers.get("Location")).toBe("/admin/outbox");
  });

  it("gives that browser a budget of its own: 10 wrong passwords of 40 in parallel are checked", async () => {
    const device = deviceFrom(await gate(env.ADMIN_PASSWORD, address()));
    const answers = statuses(await Promise.all(Array.from({ length: 40 }, () => gate("wrong", address(), device))));
    expect(tally(answers, 401)).toBe(10);
    expect(tally(answers, 429)).toBe(30);
    // A stranger's gate stays open: the device's failures were its own.
    expect((await gate(env.ADMIN_PASSWORD, address())).status).toBe(302);
  });
});
