import * as schema from "../../../db/schema";
import { db } from "../../support/factories";
import { unique, type Fixture } from "../support";
import type { FormEntry } from "../types";

// The forum's and private messages' forms, submitted by the paid member (moderation: admin mode).

/** An active category of its own, for the topic form. */
async function category() {
  const [row] = await db
    .insert(schema.forumCategories)
    .values({ name: `Hostile category ${unique()}` })
    .returning();
  return { categoryId: row.id };
}

/** An open topic of its own, for the reply and moderation forms. */
async function topic() {
  const { categoryId } = await category();
  const [row] = await db.insert(schema.forumTopics).values({ categoryId, title: "Hostile topic", content: "x" }).returning();
  return { topicId: row.id };
}

/** A paid member fx.users.paid may write to. */
async function recipient(_fx: Fixture) {
  const id = crypto.randomUUID();
  const email = `recipient-${unique()}@example.com`;
  await db.batch([
    db.insert(schema.users).values({ id, email, passwordHash: "x" }),
    db.insert(schema.profiles).values({ id, email, fullName: "Recipient Paid", companyName: "Forum Co", membershipPlan: "premium" }),
  ]);
  return { recipientId: id };
}

export const forms: FormEntry[] = [
  {
    file: "forum.$categoryId.tsx",
    name: "new topic",
    role: "paid",
    path: ({ values }) => `/forum/${values.categoryId}`,
    prepare: category,
    valid: () => ({ title: "Pumps wanted", content: "Who sells pumps?" }),
    required: ["title", "content"],
    texts: ["title", "content"],
    lines: ["title"],
    shows: { page: ({ values }) => `/forum/${values.categoryId}` },
  },
  {
    file: "forum.topic.$topicId.tsx",
    name: "reply",
    role: "paid",
    path: ({ values }) => `/forum/topic/${values.topicId}`,
    prepare: topic,
    valid: () => ({ intent: "reply", content: "I sell pumps" }),
    required: ["intent", "content"],
    texts: ["content"],
    // A refused form is shown again on the topic's page, which counts a view
    // (forum_topics.views_count); a reply would also add a forum_replies row, which stays checked.
    mayWrite: ["forum_topics"],
    shows: { page: ({ values }) => `/forum/topic/${values.topicId}` },
  },
  {
    file: "forum.topic.$topicId.tsx",
    name: "moderation (pin)",
    role: "admin",
    path: ({ values }) => `/forum/topic/${values.topicId}`,
    prepare: topic,
    valid: () => ({ intent: "pin" }),
    required: ["intent"],
    texts: [],
    // As for replies: the refused form's page counts a view. A pin that went through would answer 302.
    mayWrite: ["forum_topics"],
  },
  {
    file: "messages.new.tsx",
    name: "private message",
    role: "paid",
    path: "/messages/new",
    prepare: recipient,
    valid: ({ values }) => ({ recipientId: values.recipientId, subject: "Samples", content: "Could you send samples?" }),
    required: ["recipientId", "subject", "content"],
    texts: ["subject", "content"],
    lines: ["subject"],
    shows: { page: "/messages?box=sent" },
  },
];
