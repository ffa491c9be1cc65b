import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "~/models/rate-limits.server";
import * as schema from "../../db/schema";
import { DEMO_ACCOUNTS, seedId } from "../../db/seed/data";
import { seedDatabase } from "../../db/seed/seed";
import { createUser, db, get, ORIGIN, post, sessionCookie, routeAnswer } from "../support/factories";
import { fetchWorker } from "../support/worker";

const [free, premium, professional, enterprise] = DEMO_ACCOUNTS;
const MESSAGE = { riceToPremium: seedId(10, 1), premiumReply: seedId(10, 2), partnership: seedId(10, 3) };

const messageRow = async (id: string) => (await db.select().from(schema.privateMessages).where(eq(schema.privateMessages.id, id)).get())!;
const messageTotal = async () => (await db.all<{ n: number }>(sql`select count(*) as n from private_messages`))[0].n;
const data = async (path: string, route: string, cookie?: string) => {
  const { status, data: json } = await routeAnswer(path, route, cookie);
  return { status, json };
};

let cookies: Record<string, string>;

beforeAll(async () => {
  await seedDatabase(env.DB);
  cookies = {
    free: await sessionCookie(free.id),
    premium: await sessionCookie(premium.id),
    professional: await sessionCookie(professional.id),
    enterprise: await sessionCookie(enterprise.id),
    adminSession: await sessionCookie(null, true),
  };
});

describe("who may use private messages", () => {
  it("asks a visitor, and an admin session without a member, to sign in ('Sign In Required')", async () => {
    for (const cookie of [undefined, cookies.adminSession]) {
      for (const path of ["/messages", "/messages/new", `/messages/${MESSAGE.riceToPremium}`]) {
        const response = await get(path, cookie);
        expect(response.status, path).toBe(401);
        const html = await response.text();
        expect(html).toContain("Sign In Required");
        expect(html).toContain("Please sign in to access private messages.");
        expect(html).toContain('href="/auth?redirectTo=%2Fmessages"');
        expect(html).not.toContain("Rice shipment");
      }
      expect((await data("/messages", "routes/messages._index", cookie)).json).toEqual({ signInRequired: true });
    }
  });

  it("shows a free member the private messages' own upgrade screen (not the forum's), with no messages in the data", async () => {
    const response = await get("/messages", cookies.free);
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toContain("Private Messages Need a Paid Membership");
    expect(html).toContain("Private messages to other members come with a paid membership.");
    expect(html).not.toContain("Trade Forum Access");
    expect(html).not.toContain("Access to the Trade Forum requires");
    expect(html).toContain("Current Status: Free membership");
    const answer = await data("/messages", "routes/messages._index", cookies.free);
    expect(answer).toEqual({ status: 403, json: { forumAccess: { signedIn: true, plan: "free" } } });
    const before = await messageTotal();
    expect((await post("/messages/new", { recipientId: premium.id, subject: "s", content: "c" }, cookies.free)).status).toBe(403);
    expect(await messageTotal()).toBe(before);
  });
});

describe("inbox and sent", () => {
  it("lists received messages newest first with unread marked, and sent ones in Sent", async () => {
    const inbox = await data("/messages", "routes/messages._index", cookies.premium);
    const messages = inbox.json.messages as { id: string; subject: string; isRead: boolean; otherName: string }[];
    expect(messages.map((m) => m.subject)).toEqual(["Rice shipment", "Partnership"]);
    expect(messages.map((m) => m.isRead)).toEqual([false, false]);
    expect(messages[0].otherName).toBe("Priya Professional");
    const sent = await data("/messages?box=sent", "routes/messages._index", cookies.premium);
    expect((sent.json.messages as { subject: string }[]).map((m) => m.subject)).toEqual(["Re: Rice shipment"]);
    const html = await (await get("/messages", cookies.premium)).text();
    expect(html.match(/data-unread="true"/g)).toHaveLength(2);
  });

  it("shows the unread count beside the Messages button", async () => {
    const { json } = await data("/forum", "routes/forum", cookies.premium);
    expect(json.unread).toBe(2);
    expect(await (await get("/forum", cookies.premium)).text()).toMatch(/data-testid="unread-count">2</);
  });
});

describe("opening a message", () => {
  it("marks it read only when the viewer is its receiver", async () => {
    // The sender opens it: still unread.
    expect((await get(`/messages/${MESSAGE.riceToPremium}`, cookies.professional)).status).toBe(200);
    expect((await messageRow(MESSAGE.riceToPremium)).isRead).toBe(false);
    // The receiver opens it: read.
    const html = await (await get(`/messages/${MESSAGE.riceToPremium}`, cookies.premium)).text();
    expect(html).toContain("Can you quote 2 containers of basmati rice for March?");
    expect((await messageRow(MESSAGE.riceToPremium)).isRead).toBe(true);
    expect((await data("/forum", "routes/forum", cookies.premium)).json.unread).toBe(1);
  });

  it("answers 404 to anyone who neither sent nor received it, and changes nothing", async () => {
    const before = await messageRow(MESSAGE.partnership);
    const outsider = await sessionCookie((await createUser({ plan: "premium" })).id);
    for (const cookie of [outsider, cookies.professional]) {
      const response = await get(`/messages/${MESSAGE.partnership}`, cookie);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("Scandinavia");
      expect((await data(`/messages/${MESSAGE.partnership}`, "routes/messages.$messageId", cookie)).status).toBe(404);
    }
    expect(await messageRow(MESSAGE.partnership)).toEqual(before);
    expect((await get("/messages/not-a-message", cookies.premium)).status).toBe(404);
  });

  it("names the sender as From and the receiver as To, for both of them", async () => {
    const [sent] = await db
      .insert(schema.privateMessages)
      .values({ senderId: premium.id, receiverId: professional.id, subject: "Names check", content: "Hello" })
      .returning();
    for (const cookie of [cookies.professional, cookies.premium]) {
      const { json } = await data(`/messages/${sent.id}`, "routes/messages.$messageId", cookie);
      expect(json.message).toMatchObject({ senderName: premium.fullName, receiverName: professional.fullName });
      const html = await (await get(`/messages/${sent.id}`, cookie)).text();
      expect(html).not.toContain("Unknown User");
    }
  });

  it("offers a reply that addresses the sender with 'Re: ' and the subject", async () => {
    const view = await data(`/messages/${MESSAGE.partnership}`, "routes/messages.$messageId", cookies.premium);
    expect(view.json.replyTo).toBe(MESSAGE.partnership);
    const compose = await data(`/messages/new?reply=${MESSAGE.partnership}`, "routes/messages.new", cookies.premium);
    expect(compose.json.defaults).toEqual({ recipientId: enterprise.id, subject: "Re: Partnership" });
    // Someone else's message gives them nothing to reply to.
    const outsider = await data(`/messages/new?reply=${MESSAGE.partnership}`, "routes/messages.new", cookies.professional);
    expect(outsider.json.defaults).toEqual({});
  });
});

describe("sending", () => {
  it("offers only members whose plan is not free, never oneself, without their e-mail addresses", async () => {
    const { json } = await data("/messages/new", "routes/messages.new", cookies.premium);
    const recipients = json.recipients as { id: string; fullName: string }[];
    const ids = recipients.map((r) => r.id);
    expect(ids).toContain(professional.id);
    expect(ids).toContain(enterprise.id);
    expect(ids).not.toContain(premium.id);
    expect(ids).not.toContain(free.id);
    expect(JSON.stringify(recipients)).not.toContain("@example.com");
  });

  it("sends to a paid member with 'Message sent successfully!', who finds it unread in their inbox", async () => {
    const response = await post(
      "/messages/new",
      { recipientId: professional.id, subject: "Samples", content: "Could you send\nsamples?" },
      cookies.premium,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/messages?box=sent");
    const toast = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(await (await get("/messages?box=sent", `${cookies.premium}; ${toast}`)).text()).toContain("Message sent successfully!");
    const [row] = await db.select().from(schema.privateMessages).where(eq(schema.privateMessages.subject, "Samples"));
    expect(row).toMatchObject({ senderId: premium.id, receiverId: professional.id, content: "Could you send\nsamples?", isRead: false });
    const inbox = await data("/messages", "routes/messages._index", cookies.professional);
    expect((inbox.json.messages as { subject: string; isRead: boolean }[])[0]).toMatchObject({ subject: "Samples", isRead: false });
  });

  it("refuses a free member, oneself, an unknown id or none as recipient with 'Please select a valid recipient.'", async () => {
    const before = await messageTotal();
    for (const recipientId of [free.id, premium.id, "00000000-0000-0000-0000-00000000dead", "", "x".repeat(100), "' or 1=1 --"]) {
      const response = await post("/messages/new", { recipientId, subject: "Hello", content: "Hi" }, cookies.premium);
      expect(response.status, recipientId).toBe(400);
      expect(await response.text()).toContain("Please select a valid recipient.");
    }
    expect(await messageTotal()).toBe(before);
  });

  it("refuses a blank subject or content with 'Please fill in subject and content.'", async () => {
    const before = await messageTotal();
    for (const fields of [{ subject: "", content: "c" }, { subject: "s", content: " \n" }, {}] as Record<string, string>[]) {
      const response = await post("/messages/new", { recipientId: professional.id, ...fields }, cookies.premium);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Please fill in subject and content.");
    }
    expect(await messageTotal()).toBe(before);
  });

  it("refuses hostile input with 4xx and a message, never 500, writing nothing", async () => {
    const before = await messageTotal();
    const send = (body: string, type = "application/x-www-form-urlencoded") =>
      fetchWorker(`${ORIGIN}/messages/new`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: ORIGIN, Host: "localhost", "Content-Type": type, Cookie: cookies.premium },
        body,
      });
    for (const [body, type] of [
      ['{"subject":"x"}', "application/json"],
      ["subject=x", "text/plain"],
    ]) {
      const response = await send(body, type);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    const fields = { recipientId: professional.id, subject: "s", content: "c" };
    const big = await post("/messages/new", { ...fields, content: "x".repeat(1_000_000) }, cookies.premium);
    expect(big.status).toBe(400);
    expect(await big.text()).toContain("This is too long");
    const control = await post("/messages/new", { ...fields, subject: "bad\u0007bell" }, cookies.premium);
    expect(control.status).toBe(400);
    expect(await control.text()).toContain("Please remove invisible control characters.");
    const duplicated = await send(`${new URLSearchParams(fields)}&recipientId=${enterprise.id}`);
    expect(duplicated.status).toBe(400);
    expect(await messageTotal()).toBe(before);
  });

  it("renders a hostile message as escaped plain text", async () => {
    await post(
      "/messages/new",
      { recipientId: enterprise.id, subject: "<i>x</i>", content: "<script>alert(1)</script>\nline" },
      cookies.premium,
    );
    const [row] = await db.select().from(schema.privateMessages).where(eq(schema.privateMessages.subject, "<i>x</i>"));
    const html = await (await get(`/messages/${row.id}`, cookies.enterprise)).text();
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;\nline");
    expect(html).toContain("&lt;i&gt;x&lt;/i&gt;");
  });

  it("rate-limits messages per member with 429", async () => {
    const sender = await createUser({ plan: "enterprise" });
    const cookie = await sessionCookie(sender.id);
    for (let n = 0; n < LIMITS.messagesPerMember.max; n++) {
      expect((await post("/messages/new", { recipientId: premium.id, subject: `n${n}`, content: "c" }, cookie)).status).toBe(302);
    }
    const before = await messageTotal();
    expect((await post("/messages/new", { recipientId: premium.id, subject: "more", content: "c" }, cookie)).status).toBe(429);
    expect(await messageTotal()).toBe(before);
  });
});
