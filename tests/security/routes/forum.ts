import { eq } from "drizzle-orm";
import { expect } from "vitest";
import * as schema from "../../../db/schema";
import { db } from "../../support/factories";
import { dataUrl } from "../../support/route-data";
import { unique, type Fixture, type Role } from "../support";
import type { Expectation, RouteData, RouteRow } from "../types";

// The Trade Forum and private messages. The forum is for paid plans and the admin session
//: in this fixture `paid` and `admin` (a free member in admin mode); everyone else
// gets the 403 'Trade Forum Access' screen, whose data names no forum content. Private messages
// also need a member of one's own: a visitor gets 401 'Sign In Required', a free member the 403
// access screen under their own name; `admin` has a member (free) and the admin session, so it may use them, but only
// its own messages.

/** Paid members and admin mode get `allowed`; the visitor and the free members the 403 access screen. */
const forumOnly = (allowed: Expectation, paid: Expectation = allowed): Record<Role, Expectation> => ({
  visitor: 403,
  free: 403,
  paid,
  owner: 403,
  other: 403,
  admin: allowed,
});
/** Private messages: 401 for the visitor, 403 for free members, `paid` / `admin` for the two with access. */
const messaging = (paid: Expectation, admin: Expectation = paid): Record<Role, Expectation> => ({
  visitor: 401,
  free: 403,
  paid,
  owner: 403,
  other: 403,
  admin,
});
const FORUM_ROLES: Role[] = ["paid", "admin"];

/** What the forum's refusal may say: whether one is signed in, and one's plan. */
function refusedForumData(role: Role, data: RouteData) {
  expect(data).toEqual({ forumAccess: { signedIn: role !== "visitor", plan: role === "visitor" ? null : "free" } });
}

interface ForumRows {
  categoryId: string;
  categoryName: string;
  topicId: string;
  topicTitle: string;
  topicContent: string;
  /** A paid member other than fx.users.paid, to write to and hear from. */
  partner: { id: string; name: string; email: string };
  /** A message from the partner to fx.users.paid. */
  received: { id: string; subject: string; content: string };
  /** A message from fx.users.paid to the partner. */
  sent: { id: string; subject: string };
  /** A message between the partner and another paid member: none of the roles' business. */
  foreign: { id: string; subject: string; content: string };
}

const made = new WeakMap<Fixture, Promise<ForumRows>>();

/** A premium member with a name of its own (made directly, as the factories do). */
async function paidMember(name: string) {
  const id = crypto.randomUUID();
  const email = `forum-${unique()}@example.com`;
  await db.batch([
    db.insert(schema.users).values({ id, email, passwordHash: "x" }),
    db.insert(schema.profiles).values({ id, email, fullName: name, companyName: "Forum Co", membershipPlan: "premium" }),
  ]);
  return { id, name, email };
}

/** The forum's category and topic and the messages the rows read, made once per fixture. */
export function forumRows(fx: Fixture): Promise<ForumRows> {
  let rows = made.get(fx);
  if (!rows) {
    rows = (async () => {
      const u = unique();
      const [category] = await db
        .insert(schema.forumCategories)
        .values({ name: `Security category ${u}`, description: "Pumps talk" })
        .returning();
      const topicTitle = `Security topic ${u}`;
      const topicContent = `Secret forum content ${u}`;
      const [topic] = await db
        .insert(schema.forumTopics)
        .values({ categoryId: category.id, title: topicTitle, content: topicContent })
        .returning();
      const [partner, third] = await Promise.all([paidMember(`Partner Paid ${u}`), paidMember(`Third Paid ${u}`)]);
      const received = { subject: `Received subject ${u}`, content: `Received content ${u}` };
      const sent = { subject: `Sent subject ${u}` };
      const foreign = { subject: `Foreign subject ${u}`, content: `Foreign content ${u}` };
      const [r, s, f] = await db
        .insert(schema.privateMessages)
        .values([
          { senderId: partner.id, receiverId: fx.users.paid.id, ...received },
          { senderId: fx.users.paid.id, receiverId: partner.id, subject: sent.subject, content: "Sent content" },
          { senderId: partner.id, receiverId: third.id, ...foreign },
        ])
        .returning();
      return {
        categoryId: category.id,
        categoryName: category.name,
        topicId: topic.id,
        topicTitle,
        topicContent,
        partner,
        received: { id: r.id, ...received },
        sent: { id: s.id, ...sent },
        foreign: { id: f.id, ...foreign },
      };
    })();
    made.set(fx, rows);
  }
  return rows;
}

const values = async (fx: Fixture) => {
  const r = await forumRows(fx);
  return { categoryId: r.categoryId, topicId: r.topicId, partnerId: r.partner.id };
};

/** A fresh topic in the fixture's category, to reply to or moderate. */
async function freshTopic(fx: Fixture, locked = false) {
  const { categoryId } = await forumRows(fx);
  const [topic] = await db
    .insert(schema.forumTopics)
    .values({ categoryId, title: "Disposable topic", content: "x", isLocked: locked })
    .returning();
  return { topicId: topic.id };
}

/** A fresh message from the partner to fx.users.paid, unread. */
async function freshReceived(fx: Fixture) {
  const { partner } = await forumRows(fx);
  const content = `Fresh content ${unique()}`;
  const [message] = await db
    .insert(schema.privateMessages)
    .values({ senderId: partner.id, receiverId: fx.users.paid.id, subject: "Fresh", content })
    .returning();
  return { messageId: message.id, content };
}

const topicRow = async (id: string) => (await db.select().from(schema.forumTopics).where(eq(schema.forumTopics.id, id)).get())!;

export const rows: RouteRow[] = [
  // The forum ------------------------------------------------------------------------------------
  {
    file: "forum.tsx",
    name: "the layout's data (badge and unread count)",
    path: dataUrl("/forum", "routes/forum"),
    prepare: values,
    expect: forumOnly(200),
    check: ({ role, data }) => {
      if (!FORUM_ROLES.includes(role)) return refusedForumData(role, data);
      expect(data).toMatchObject({ badge: role === "paid" ? "premiumMember" : "adminAccess" });
      if (role === "admin") expect(data.unread).toBe(0);
    },
  },
  {
    file: "forum._index.tsx",
    name: "the categories",
    path: "/forum",
    prepare: values,
    expect: forumOnly(200),
    check: async ({ role, body, fx }) => {
      const { categoryName } = await forumRows(fx);
      if (FORUM_ROLES.includes(role)) expect(body).toContain(categoryName);
      else {
        expect(body).toContain("Trade Forum Access");
        expect(body).not.toContain(categoryName);
      }
    },
  },
  {
    file: "forum._index.tsx",
    name: "the categories' data",
    path: dataUrl("/forum", "routes/forum._index"),
    prepare: values,
    expect: forumOnly(200),
    check: async ({ role, fx, data }) => {
      if (!FORUM_ROLES.includes(role)) return refusedForumData(role, data);
      const { categoryId } = await forumRows(fx);
      expect(data.categories.map((c: { id: string }) => c.id)).toContain(categoryId);
    },
  },
  {
    file: "forum.$categoryId.tsx",
    name: "a category's topics",
    path: ({ values }) => `/forum/${values.categoryId}`,
    prepare: values,
    expect: forumOnly(200),
    check: async ({ role, body, fx }) => {
      const { topicTitle, categoryName } = await forumRows(fx);
      if (FORUM_ROLES.includes(role)) {
        expect(body).toContain(topicTitle);
        expect(body).toContain('id="new-topic"');
      } else {
        expect(body).toContain("Trade Forum Access");
        expect(body).not.toContain(topicTitle);
        expect(body).not.toContain(categoryName);
      }
    },
  },
  {
    file: "forum.$categoryId.tsx",
    name: "an unknown category (no existence oracle for refused roles)",
    path: "/forum/no-such-category",
    expect: forumOnly(404),
  },
  {
    file: "forum.$categoryId.tsx",
    name: "post a topic",
    method: "POST",
    path: ({ values }) => `/forum/${values.categoryId}`,
    prepare: values,
    form: ({ n }) => ({ title: `Matrix topic ${n}`, content: "Pumps for sale" }),
    expect: forumOnly({ status: 302, location: /^\/forum\/topic\/[0-9a-f-]{36}$/ }),
    check: async ({ role, fx, n, response }) => {
      if (!FORUM_ROLES.includes(role)) return;
      const topic = await topicRow(response.headers.get("Location")!.split("/").pop()!);
      // Admin mode with a member of one's own posts as that member.
      expect(topic).toMatchObject({ title: `Matrix topic ${n}`, userId: fx.users[role as "paid" | "admin"].id });
    },
  },
  {
    file: "forum.$categoryId.tsx",
    name: "post a topic in an unknown category",
    method: "POST",
    path: "/forum/no-such-category",
    form: { title: "Lost topic", content: "Nowhere" },
    // The allowed roles' attempt counts toward their topic limit before the category is looked up.
    mayWrite: ["rate_limits"],
    expect: forumOnly(404),
  },
  {
    file: "forum.topic.$topicId.tsx",
    name: "a topic",
    path: ({ values }) => `/forum/topic/${values.topicId}`,
    prepare: values,
    expect: forumOnly(200),
    check: async ({ role, body, fx }) => {
      const { topicTitle, topicContent } = await forumRows(fx);
      if (FORUM_ROLES.includes(role)) {
        expect(body).toContain(topicContent);
        expect(body).toContain('id="reply"');
        // Moderation for admin mode only; the debug panel only in test mode (admin without a member).
        if (role === "admin") expect(body).toContain('data-testid="moderation"');
        else expect(body).not.toContain('data-testid="moderation"');
        expect(body).not.toContain('data-testid="admin-debug"');
      } else {
        expect(body).toContain("Trade Forum Access");
        expect(body).not.toContain(topicTitle);
        expect(body).not.toContain(topicContent);
      }
    },
  },
  {
    file: "forum.topic.$topicId.tsx",
    name: "a topic's data",
    path: ({ values }) => dataUrl(`/forum/topic/${values.topicId}`, "routes/forum.topic.$topicId"),
    prepare: values,
    expect: forumOnly(200),
    check: async ({ role, body, fx, data }) => {
      if (!FORUM_ROLES.includes(role)) return refusedForumData(role, data);
      expect(data.topic.content).toBe((await forumRows(fx)).topicContent);
      expect(data.moderate).toBe(role === "admin");
      expect(data.debug).toBeNull();
      expect(body).not.toContain("userId");
    },
  },
  { file: "forum.topic.$topicId.tsx", name: "an unknown topic", path: "/forum/topic/no-such-topic", expect: forumOnly(404) },
  {
    file: "forum.topic.$topicId.tsx",
    name: "reply to a topic",
    method: "POST",
    path: ({ values }) => `/forum/topic/${values.topicId}`,
    prepare: (fx) => freshTopic(fx),
    form: { intent: "reply", content: "Interested" },
    expect: forumOnly({ status: 302, location: /^\/forum\/topic\/[0-9a-f-]{36}$/ }),
    check: async ({ role, values }) => {
      expect((await topicRow(values.topicId)).repliesCount).toBe(FORUM_ROLES.includes(role) ? 1 : 0);
    },
  },
  {
    file: "forum.topic.$topicId.tsx",
    name: "reply to a locked topic (refused even in admin mode)",
    method: "POST",
    path: ({ values }) => `/forum/topic/${values.topicId}`,
    prepare: (fx) => freshTopic(fx, true),
    form: { intent: "reply", content: "Let me in" },
    // The attempt counts toward the reply limit; the refused form's page is shown again, which
    // counts a view of the topic (forum_topics.views_count). The check proves nothing else moved.
    mayWrite: ["rate_limits", "forum_topics"],
    expect: forumOnly(403),
    check: async ({ values }) => {
      expect(await topicRow(values.topicId)).toMatchObject({ isLocked: true, isPinned: false, repliesCount: 0 });
    },
  },
  ...(["pin", "lock"] as const).map((intent): RouteRow => ({
    file: "forum.topic.$topicId.tsx",
    name: `${intent} a topic (admin mode only)`,
    method: "POST",
    path: ({ values }) => `/forum/topic/${values.topicId}`,
    prepare: (fx) => freshTopic(fx),
    form: { intent },
    // A paid member's refused form is shown again on the topic's page, which counts a view;
    // the check proves the flags did not move.
    mayWrite: ["forum_topics"],
    expect: forumOnly({ status: 302, location: /^\/forum\/topic\/[0-9a-f-]{36}$/ }, 403),
    check: async ({ role, values }) => {
      const topic = await topicRow(values.topicId);
      const done = role === "admin";
      expect(topic).toMatchObject({
        isPinned: intent === "pin" && done,
        isLocked: intent === "lock" && done,
        repliesCount: 0,
        title: "Disposable topic",
      });
    },
  })),
  {
    file: "forum.topic.$topicId.tsx",
    name: "lock an unknown topic",
    method: "POST",
    path: "/forum/topic/no-such-topic",
    form: { intent: "lock" },
    expect: forumOnly(404, 403),
  },

  // Private messages -----------------------------------------------------------------------------
  {
    file: "messages.tsx",
    name: "the layout's data (unread count)",
    path: dataUrl("/messages", "routes/messages"),
    prepare: values,
    expect: messaging(200),
    check: ({ role, data }) => {
      if (role === "visitor") expect(data).toEqual({ signInRequired: true });
      else if (!FORUM_ROLES.includes(role)) refusedForumData(role, data);
      else if (role === "admin") expect(data).toMatchObject({ badge: "adminAccess", unread: 0 });
      else expect(data).toMatchObject({ badge: "premiumMember" });
    },
  },
  {
    file: "messages._index.tsx",
    name: "the inbox: one's own received messages only",
    path: "/messages",
    prepare: values,
    expect: messaging(200),
    check: async ({ role, body, fx }) => {
      const { received, sent, foreign } = await forumRows(fx);
      if (role === "paid") expect(body).toContain(received.subject);
      else expect(body).not.toContain(received.subject);
      if (role === "visitor") expect(body).toContain("Sign In Required");
      if (["free", "owner", "other"].includes(role)) expect(body).toContain("Private Messages Need a Paid Membership");
      expect(body).not.toContain(sent.subject);
      expect(body).not.toContain(foreign.subject);
    },
  },
  {
    file: "messages._index.tsx",
    name: "the sent box: one's own sent messages only",
    path: dataUrl("/messages?box=sent", "routes/messages._index"),
    prepare: values,
    expect: messaging(200),
    check: async ({ role, body, fx }) => {
      const { received, sent, foreign } = await forumRows(fx);
      if (role === "paid") expect(body).toContain(sent.subject);
      else expect(body).not.toContain(sent.subject);
      expect(body).not.toContain(received.subject);
      expect(body).not.toContain(foreign.subject);
    },
  },
  {
    file: "messages.new.tsx",
    name: "the compose form: paid recipients only, never oneself, no e-mail addresses",
    path: dataUrl("/messages/new", "routes/messages.new"),
    prepare: values,
    expect: messaging(200),
    check: async ({ role, body, fx, data }) => {
      if (!FORUM_ROLES.includes(role)) return;
      const { partner } = await forumRows(fx);
      const ids = data.recipients.map((r: { id: string }) => r.id);
      expect(ids).toContain(partner.id);
      // Free members are never offered (admin mode's own member is free), nor the sender.
      for (const free of ["free", "owner", "other", "admin"] as const) expect(ids).not.toContain(fx.users[free].id);
      expect(ids).not.toContain(fx.users[role as "paid" | "admin"].id);
      if (role === "admin") expect(ids).toContain(fx.users.paid.id);
      expect(body).not.toContain("@example.com");
    },
  },
  {
    file: "messages.new.tsx",
    name: "reply to somebody else's message: nothing of it is prefilled",
    path: ({ values }) => `/messages/new?reply=${values.foreignId}`,
    prepare: async (fx) => ({ foreignId: (await forumRows(fx)).foreign.id }),
    expect: messaging(200),
    check: async ({ body, fx }) => {
      const { foreign } = await forumRows(fx);
      expect(body).not.toContain(foreign.subject);
      expect(body).not.toContain(foreign.content);
    },
  },
  {
    file: "messages.new.tsx",
    name: "send a message to a paid member",
    method: "POST",
    path: "/messages/new",
    prepare: values,
    form: ({ values, n }) => ({ recipientId: values.partnerId, subject: `Matrix message ${n}`, content: "Hello" }),
    expect: messaging({ status: 302, location: "/messages?box=sent" }),
    check: async ({ role, fx, n, values }) => {
      const [row] = await db
        .select()
        .from(schema.privateMessages)
        .where(eq(schema.privateMessages.subject, `Matrix message ${n}`));
      if (FORUM_ROLES.includes(role))
        expect(row).toMatchObject({ senderId: fx.users[role as "paid" | "admin"].id, receiverId: values.partnerId, isRead: false });
      else expect(row).toBeUndefined();
    },
  },
  {
    file: "messages.new.tsx",
    name: "send a message to a free member (not a recipient)",
    method: "POST",
    path: "/messages/new",
    form: ({ fx }) => ({ recipientId: fx.users.owner.id, subject: "To a free member", content: "Hello" }),
    // The attempt counts toward the sender's message limit before the recipient is checked.
    mayWrite: ["rate_limits"],
    expect: messaging(400),
  },
  {
    file: "messages.$messageId.tsx",
    name: "a message to the paid member (only its receiver reads it, and marks it read)",
    path: ({ values }) => `/messages/${values.messageId}`,
    prepare: freshReceived,
    expect: messaging(200, 404),
    check: async ({ role, body, values }) => {
      if (role === "paid") expect(body).toContain(values.content);
      else expect(body).not.toContain(values.content);
      const row = await db.select().from(schema.privateMessages).where(eq(schema.privateMessages.id, values.messageId)).get();
      expect(row!.isRead).toBe(role === "paid");
    },
  },
  {
    file: "messages.$messageId.tsx",
    name: "a message the paid member sent (the sender's view leaves it unread)",
    path: ({ values }) => dataUrl(`/messages/${values.messageId}`, "routes/messages.$messageId"),
    prepare: async (fx) => ({ messageId: (await forumRows(fx)).sent.id }),
    expect: messaging(200, 404),
    check: async ({ role, body, fx, values, data }) => {
      if (role === "paid")
        expect(data).toMatchObject({
          received: false,
          replyTo: null,
          message: { subject: (await forumRows(fx)).sent.subject },
        });
      expect(body).not.toMatch(/senderId|receiverId/);
      const row = await db.select().from(schema.privateMessages).where(eq(schema.privateMessages.id, values.messageId)).get();
      expect(row!.isRead).toBe(false);
    },
  },
  {
    file: "messages.$messageId.tsx",
    name: "a message between two other members",
    path: ({ values }) => `/messages/${values.messageId}`,
    prepare: async (fx) => ({ messageId: (await forumRows(fx)).foreign.id }),
    expect: messaging(404),
    check: async ({ body, fx }) => {
      const { foreign } = await forumRows(fx);
      expect(body).not.toContain(foreign.subject);
      expect(body).not.toContain(foreign.content);
    },
  },
  { file: "messages.$messageId.tsx", name: "an unknown message", path: "/messages/not-a-message", expect: messaging(404) },
];
