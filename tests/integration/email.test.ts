// E-mail through the outbox: verification at sign-up, password reset, and the admins' view. On this
// machine the transport is the local one (app/lib/local-mail.ts): the outbox keeps each message
// with its link's token masked, and the recipient's copy, token in, is read from the transport.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { LINK_TOKEN_PLACEHOLDER } from "~/lib/email";
import { hashToken } from "~/lib/tokens.server";
import { deliverOutbox, queueEmail } from "~/models/outbox.server";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import { cookiesFrom, createUser, db, get, PASSWORD, post, sessionCookie, sidFrom } from "../support/factories";
import { lastMailTo, linkToken, mailTo, SITE } from "../support/mail";

beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
});

let counter = 0;
const newEmail = () => `mail-${Date.now()}-${++counter}@example.com`;
const outboxTo = (email: string) => db.select().from(schema.outbox).where(eq(schema.outbox.toEmail, email));

/** Signs up, then in (sign-up signs nobody in): the new member's session. */
async function signUp(email: string, headers: Record<string, string> = {}) {
  const response = await post(
    "/auth",
    { intent: "signup", email, password: "secret12", fullName: "Mia Mail", businessType: "Sell Only" },
    undefined,
    headers,
  );
  expect(response.status).toBe(302);
  const signedIn = await post("/auth", { intent: "signin", email, password: "secret12", redirectTo: "/" });
  expect(signedIn.status).toBe(302);
  return cookiesFrom(signedIn);
}

describe("verification at sign-up", () => {
  it("writes the e-mail with the account, sends it after the response, and the link verifies once", async () => {
    const email = newEmail();
    const cookie = await signUp(email);
    const [message] = await outboxTo(email);
    expect(message).toMatchObject({
      kind: "verify_email",
      status: "sent",
      attempts: 1,
      language: "en",
      subject: "Verify your e-mail address",
    });
    expect(message.text).toContain("Hello Mia Mail,");
    expect(message.html).toContain("<a href=");
    // The outbox keeps the link with its token masked; the recipient gets it whole.
    expect(message.text).toContain(`${SITE}/verify-email?token=${LINK_TOKEN_PLACEHOLDER}`);
    expect(message.sealedToken).toBeNull();
    const delivered = lastMailTo(email, "Verify your e-mail address");
    expect(delivered.text).toContain("Hello Mia Mail,");
    const token = linkToken(delivered, "/verify-email")!;
    expect(token).toBeDefined();
    expect(delivered.html).toContain(`href="${SITE}/verify-email?token=${token}"`);
    expect(JSON.stringify(await outboxTo(email))).not.toContain(token);
    // Only the token's hash is stored; the link carries no address.
    const [stored] = await db
      .select()
      .from(schema.authTokens)
      .where(eq(schema.authTokens.tokenHash, await hashToken(token)));
    expect(stored.purpose).toBe("verify_email");
    expect(message.text).not.toContain(encodeURIComponent(email));
    expect(JSON.stringify(await db.select().from(schema.authTokens))).not.toContain(token);

    expect(await (await get("/", cookie)).text()).toContain('data-testid="verify-banner"');
    // Opening the link does not use it (a mail scanner may open it); the button does.
    expect((await get(`/verify-email?token=${token}`)).status).toBe(200);
    const verified = await post("/verify-email", { intent: "verify", token });
    expect(verified.status).toBe(302);
    const [user] = await db.select().from(schema.users).where(eq(schema.users.email, email));
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(await (await get("/", cookie)).text()).not.toContain('data-testid="verify-banner"');
    const again = await post("/verify-email", { intent: "verify", token });
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("This link is invalid, used or expired.");
  });

  it("writes it in the sign-up's language", async () => {
    const email = newEmail();
    await signUp(email, { "Accept-Language": "ja" });
    const [message] = await outboxTo(email);
    expect(message).toMatchObject({ language: "ja", subject: "メールアドレスを確認してください" });
  });

  it("refuses an expired link and a made-up one", async () => {
    const email = newEmail();
    await signUp(email);
    const token = linkToken(lastMailTo(email), "/verify-email")!;
    await db
      .update(schema.authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.authTokens.tokenHash, await hashToken(token)));
    expect((await post("/verify-email", { intent: "verify", token })).status).toBe(410);
    expect((await post("/verify-email", { intent: "verify", token: "x".repeat(43) })).status).toBe(410);
    expect((await post("/verify-email", { intent: "verify", token: "<script>" })).status).toBe(410);
    const [user] = await db.select().from(schema.users).where(eq(schema.users.email, email));
    expect(user.emailVerifiedAt).toBeNull();
  });

  it("resends a new link a few times an hour, to the member only", async () => {
    const email = newEmail();
    const cookie = await signUp(email);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await post("/verify-email", { intent: "resend" }, cookie)).status);
    expect(answers).toEqual([302, 302, 302, 429]);
    expect(await outboxTo(email)).toHaveLength(4);
    // Each its own link.
    expect(new Set(mailTo(email).map((m) => linkToken(m, "/verify-email"))).size).toBe(4);
    expect((await post("/verify-email", { intent: "resend" })).headers.get("Location")).toMatch(/^\/auth/);
  });
});

describe("password reset", () => {
  it("answers the same whether or not the address has an account, and e-mails only the member", async () => {
    const member = await createUser();
    const stranger = newEmail();
    const known = await post("/forgot-password", { email: member.email });
    const unknown = await post("/forgot-password", { email: stranger });
    expect(known.status).toBe(unknown.status);
    expect(known.headers.get("Location")).toBe(unknown.headers.get("Location"));
    expect(await outboxTo(member.email)).toHaveLength(1);
    expect(mailTo(member.email)).toHaveLength(1);
    expect(await outboxTo(stranger)).toHaveLength(0);
  });

  it("sets a new password from the link once, and signs the account out everywhere", async () => {
    const member = await createUser();
    const otherSession = await sessionCookie(member.id);
    expect((await get("/catalog", otherSession)).status).toBe(200);
    await post("/forgot-password", { email: member.email });
    const [message] = await outboxTo(member.email);
    expect(message.subject).toBe("Reset your password");
    const token = linkToken(lastMailTo(member.email, "Reset your password"), "/reset-password")!;
    expect(await (await get(`/reset-password?token=${token}`)).text()).toContain("Choose a new password");

    // The form posts to the link's own address, as a browser does.
    const page = `/reset-password?token=${token}`;
    const mismatch = await post(page, { token, password: "brand-new-1", confirmPassword: "other" });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Passwords do not match");
    const short = await post(page, { token, password: "abc", confirmPassword: "abc" });
    expect(await short.text()).toContain("Password must be at least 6 characters long");

    const reset = await post("/reset-password", { token, password: "brand-new-1", confirmPassword: "brand-new-1" });
    expect(reset.status).toBe(302);
    expect((await get("/catalog", otherSession)).headers.get("Location")).toMatch(/^\/auth/);
    const signIn = async (password: string) =>
      sidFrom(await post("/auth", { intent: "signin", email: member.email, password, redirectTo: "/" }));
    expect(await signIn(PASSWORD)).toBeNull();
    expect(await signIn("brand-new-1")).not.toBeNull();
    // Used once.
    expect((await post("/reset-password", { token, password: "third-pass-1", confirmPassword: "third-pass-1" })).status).toBe(410);
    expect(await (await get(`/reset-password?token=${token}`)).text()).toContain("This link is invalid, used or expired.");
  });

  it("refuses a link older than an hour", async () => {
    const member = await createUser();
    await post("/forgot-password", { email: member.email });
    const token = linkToken(lastMailTo(member.email), "/reset-password")!;
    await db
      .update(schema.authTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(schema.authTokens.tokenHash, await hashToken(token)));
    expect((await post("/reset-password", { token, password: "brand-new-1", confirmPassword: "brand-new-1" })).status).toBe(410);
  });

  it("limits links per address: three an hour", async () => {
    const member = await createUser();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post("/forgot-password", { email: member.email })).status);
    expect(statuses).toEqual([302, 302, 302, 429]);
    expect(await outboxTo(member.email)).toHaveLength(3);
  });
});

describe("the outbox", () => {
  it("retries a failed send with backoff, never sends a message twice, and gives up after six tries", async () => {
    const member = await createUser();
    await post("/forgot-password", { email: member.email });
    const [message] = await outboxTo(member.email);
    await db
      .update(schema.outbox)
      .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(0) })
      .where(eq(schema.outbox.id, message.id));
    const sent: string[] = [];
    let fail = true;
    const transport = async (email: { to: string }) => {
      if (fail) throw new Error("unreachable");
      sent.push(email.to);
    };
    let now = Date.now();
    await deliverOutbox(db, transport, { now });
    const [afterFailure] = await outboxTo(member.email);
    expect(afterFailure).toMatchObject({ status: "pending", attempts: 1, lastError: "unreachable" });
    expect(afterFailure.nextAttemptAt.getTime()).toBe(now + 60_000);
    // Not due yet: nothing is tried.
    expect((await deliverOutbox(db, transport, { now: now + 1000 })).claimed).toBe(0);
    // Two senders at once: one claims it.
    fail = false;
    now += 60_000;
    const [a, b] = await Promise.all([deliverOutbox(db, transport, { now }), deliverOutbox(db, transport, { now })]);
    expect(a.sent + b.sent).toBe(1);
    expect(sent).toEqual([member.email]);
    expect((await outboxTo(member.email))[0].status).toBe("sent");

    fail = true;
    await db
      .update(schema.outbox)
      .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(0) })
      .where(eq(schema.outbox.id, message.id));
    // Each try when the backoff before it has passed (the last waits 256 minutes).
    for (let i = 1; i <= 6; i++) await deliverOutbox(db, transport, { now: Date.now() + i * 10 ** 9 });
    expect((await outboxTo(member.email))[0]).toMatchObject({ status: "failed", attempts: 6 });
  });

  it("shows admins every message with its text and HTML but its link's token masked, and runs the due work on demand", async () => {
    const member = await createUser();
    await post("/forgot-password", { email: member.email });
    const [message] = await outboxTo(member.email);
    const token = linkToken(lastMailTo(member.email), "/reset-password")!;
    const admin = await sessionCookie(null, true);
    const list = await (await get("/admin/outbox", admin)).text();
    expect(list).toContain(member.email);
    const open = await (await get(`/admin/outbox?id=${message.id}`, admin)).text();
    expect(open).toContain('data-testid="outbox-text"');
    expect(open).toContain("srcDoc");
    expect(open).toContain(`${SITE}/reset-password?token=[hidden]`);
    expect(open).not.toContain(token);
    expect(open).not.toMatch(/token=[A-Za-z0-9_-]{43}/);
    expect((await get("/admin/outbox", await sessionCookie((await createUser()).id))).headers.get("Location")).toMatch(/^\/admin\/login/);

    const other = await createUser();
    const [queued] = await db
      .insert(schema.outbox)
      .values({
        userId: other.id,
        toEmail: other.email,
        language: "en",
        kind: "test",
        subject: "Due now",
        text: "Hello",
        html: "<p>Hello</p>",
        nextAttemptAt: new Date(0),
      })
      .returning();
    const ran = await post("/admin/outbox", { intent: "sendDue" }, admin);
    expect(ran.status).toBe(302);
    expect((await outboxTo(other.email))[0]).toMatchObject({ id: queued.id, status: "sent" });
    expect(lastMailTo(other.email, "Due now").text).toBe("Hello");
  });

  it("fails at once a link's message whose token it cannot open: no retry could send it", async () => {
    const member = await createUser();
    await post("/forgot-password", { email: member.email });
    const [message] = await outboxTo(member.email);
    // Sent already, so its sealed copy is gone: sent again, it cannot carry its link.
    await db
      .update(schema.outbox)
      .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(0) })
      .where(eq(schema.outbox.id, message.id));
    await post("/admin/outbox", { intent: "sendDue" }, await sessionCookie(null, true));
    expect((await outboxTo(member.email))[0]).toMatchObject({ status: "failed", attempts: 1 });
    expect(mailTo(member.email)).toHaveLength(1);
  });

  it("sends every e-mail's headers without line breaks, whatever a subject holds", async () => {
    const member = await createUser();
    await db.batch([
      queueEmail(db, {
        userId: member.id,
        to: member.email,
        language: "en",
        kind: "test",
        subject: "New for your saved search: widget\r\nBcc: victim@example.com",
        text: "Hello",
        html: "<p>Hello</p>",
        unsubscribeTopic: "digest",
        unsubscribeUrl: `${SITE}/unsubscribe/%TOKEN%\r\nBcc: victim@example.com`,
      }),
    ]);
    await deliverOutboxNow();
    const delivered = lastMailTo(member.email);
    expect(delivered.subject).toBe("New for your saved search: widget Bcc: victim@example.com");
    for (const value of [delivered.from, delivered.to, delivered.subject, ...Object.values(delivered.headers)])
      expect(value).not.toMatch(/[\r\n]/);
    expect(Object.keys(delivered.headers).sort()).toEqual(["List-Unsubscribe", "List-Unsubscribe-Post"]);
  });
});

/** Runs the sender as the crons do. */
async function deliverOutboxNow() {
  expect((await post("/admin/outbox", { intent: "sendDue" }, await sessionCookie(null, true))).status).toBe(302);
}
