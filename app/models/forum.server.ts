import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { FORUM_REPLIES_PAGE_SIZE, FORUM_TOPICS_PAGE_SIZE } from "~/lib/constants";
import type { SiteUrl } from "~/lib/site";
import { notifyStatements } from "~/models/notifications.server";
import type { Database } from "../../db/client";
import { forumCategories, forumReplies, forumTopics, profiles } from "../../db/schema";

// The forum's reads and writes. Access (who may read and post) is decided by the caller's guard;
// these functions decide what exists: active categories, locked topics, counters.

export interface CategorySummary {
  id: string;
  name: string;
  description: string | null;
  topicCount: number;
  lastActivityAt: number | null;
}

/**
 * Active categories by sort order, each with its topic count and latest activity, in one query:
 * both come from the covering index on (category_id, last_activity_at), the latest by one seek;
 * the few topics an admin hid are counted apart, from their own small index, and left out.
 */
export async function listCategories(db: Database): Promise<CategorySummary[]> {
  return db.all<CategorySummary>(sql`
    select c.id, c.name, c.description,
      (select count(*) from forum_topics t where t.category_id = c.id) - ${hiddenTopics(sql`c.id`)} as topicCount,
      (select max(t.last_activity_at) from forum_topics t where t.category_id = c.id) as lastActivityAt
    from forum_categories c
    where c.is_active = 1
    order by c.sort_order, c.name`);
}

interface TopicSummary {
  id: string;
  title: string;
  excerpt: string;
  isPinned: boolean;
  isLocked: boolean;
  repliesCount: number;
  viewsCount: number;
  createdAt: number;
  lastActivityAt: number;
  authorName: string | null;
  authorCompany: string | null;
}

/** How many of a category's topics an admin hid, from the small partial index of hidden topics. */
function hiddenTopics(categoryId: SQL) {
  return sql`(select count(*) from forum_topics h where h.category_id = ${categoryId} and h.hidden_reason is not null)`;
}

/**
 * A category's page in one batch: the category (null when gone or inactive), a page of its shown
 * topics, pinned first, then newest, with the author's name (null when gone), and its page count.
 */
export async function categoryPage(db: Database, categoryId: string, page: number) {
  const [[category], rows, [count]] = await db.batch([
    db
      .select({ id: forumCategories.id, name: forumCategories.name, description: forumCategories.description })
      .from(forumCategories)
      .where(and(eq(forumCategories.id, categoryId), eq(forumCategories.isActive, true)))
      .limit(1),
    // Named apart and read as numbers: in a batch D1 answers rows by column name.
    db
      .select({
        id: forumTopics.id,
        title: forumTopics.title,
        excerpt: sql<string>`substr(${forumTopics.content}, 1, 200)`.as("excerpt"),
        isPinned: forumTopics.isPinned,
        isLocked: forumTopics.isLocked,
        repliesCount: forumTopics.repliesCount,
        viewsCount: forumTopics.viewsCount,
        createdAt: sql<number>`${forumTopics.createdAt}`.as("created_at"),
        lastActivityAt: sql<number>`${forumTopics.lastActivityAt}`.as("last_activity_at"),
        authorName: profiles.fullName,
        authorCompany: profiles.companyName,
      })
      .from(forumTopics)
      .leftJoin(profiles, eq(profiles.id, forumTopics.userId))
      .where(and(eq(forumTopics.categoryId, categoryId), isNull(forumTopics.hiddenReason)))
      .orderBy(desc(forumTopics.isPinned), desc(forumTopics.createdAt), desc(forumTopics.id))
      .limit(FORUM_TOPICS_PAGE_SIZE)
      .offset((page - 1) * FORUM_TOPICS_PAGE_SIZE),
    db
      .select({
        n: sql<number>`(select count(*) from forum_topics where category_id = ${categoryId}) - ${hiddenTopics(sql`${categoryId}`)}`,
      })
      .from(forumCategories)
      .where(eq(forumCategories.id, categoryId)),
  ]);
  const topics: TopicSummary[] = rows;
  return { category: category ?? null, topics, pages: Math.max(1, Math.ceil((count?.n ?? 0) / FORUM_TOPICS_PAGE_SIZE)) };
}

const author = { authorName: profiles.fullName, authorCompany: profiles.companyName };

/**
 * Opens a topic: counts one view with a single UPDATE (views_count + 1 in the database, so
 * concurrent opens never lose a count) and reads the topic, its category and a page of replies,
 * oldest first, in the same round trip. Null when the topic or its category is gone.
 */
export async function openTopic(db: Database, topicId: string, page: number) {
  const [, [topic], replies] = await db.batch([
    db
      .update(forumTopics)
      .set({ viewsCount: sql`${forumTopics.viewsCount} + 1` })
      .where(eq(forumTopics.id, topicId)),
    db
      .select({
        id: forumTopics.id,
        categoryId: forumTopics.categoryId,
        categoryName: forumCategories.name,
        userId: forumTopics.userId,
        title: forumTopics.title,
        content: forumTopics.content,
        isPinned: forumTopics.isPinned,
        isLocked: forumTopics.isLocked,
        repliesCount: forumTopics.repliesCount,
        viewsCount: forumTopics.viewsCount,
        hiddenReason: forumTopics.hiddenReason,
        createdAt: forumTopics.createdAt,
        lastActivityAt: forumTopics.lastActivityAt,
        ...author,
      })
      .from(forumTopics)
      .innerJoin(forumCategories, and(eq(forumCategories.id, forumTopics.categoryId), eq(forumCategories.isActive, true)))
      .leftJoin(profiles, eq(profiles.id, forumTopics.userId))
      .where(eq(forumTopics.id, topicId)),
    db
      .select({
        id: forumReplies.id,
        userId: forumReplies.userId,
        content: forumReplies.content,
        hiddenReason: forumReplies.hiddenReason,
        createdAt: forumReplies.createdAt,
        ...author,
      })
      .from(forumReplies)
      .leftJoin(profiles, eq(profiles.id, forumReplies.userId))
      .where(eq(forumReplies.topicId, topicId))
      .orderBy(asc(forumReplies.createdAt), asc(forumReplies.id))
      .limit(FORUM_REPLIES_PAGE_SIZE)
      .offset((page - 1) * FORUM_REPLIES_PAGE_SIZE),
  ]);
  if (!topic) return null;
  return { topic, replies, pages: Math.max(1, Math.ceil(topic.repliesCount / FORUM_REPLIES_PAGE_SIZE)) };
}

/** A new topic in an active category; null when there is no such category. */
export async function createTopic(db: Database, input: { categoryId: string; userId: string; title: string; content: string }) {
  const id = crypto.randomUUID();
  const now = Date.now();
  const rows = await db.all<{ id: string }>(sql`
    insert into forum_topics (id, category_id, user_id, title, content, created_at, last_activity_at)
    select ${id}, c.id, ${input.userId}, ${input.title}, ${input.content}, ${now}, ${now}
    from forum_categories c where c.id = ${input.categoryId} and c.is_active = 1
    returning id`);
  return rows[0]?.id ?? null;
}

export type ReplyOutcome = "posted" | "locked" | "missing";

/**
 * A reply, refused by the database itself when the topic is locked: the insert selects only an
 * unlocked topic, and the topic's replies_count and last activity move in the same batch, only
 * when that insert happened.
 */
export async function createReply(
  db: Database,
  input: { topicId: string; userId: string; content: string },
  site: SiteUrl,
): Promise<{ outcome: ReplyOutcome; repliesCount: number }> {
  const id = crypto.randomUUID();
  const now = Date.now();
  const d1 = db.$client;
  const [inserted, updated] = await d1.batch([
    // A topic an admin hid takes no replies.
    d1
      .prepare(
        `insert into forum_replies (id, topic_id, user_id, content, created_at)
         select ?1, t.id, ?2, ?3, ?4 from forum_topics t join forum_categories c on c.id = t.category_id and c.is_active = 1
         where t.id = ?5 and t.is_locked = 0 and t.hidden_reason is null returning id`,
      )
      .bind(id, input.userId, input.content, now, input.topicId),
    d1
      .prepare(
        `update forum_topics set replies_count = replies_count + 1, last_activity_at = ?2
         where id = ?1 and exists (select 1 from forum_replies where id = ?3) returning replies_count as repliesCount`,
      )
      .bind(input.topicId, now, id),
    // The topic's author is told of a reply by someone else.
    ...notifyStatements(
      d1,
      {
        kind: "forum_reply",
        recipientSql: "t.user_id",
        dataSql: "json_object()",
        linkSql: "'/forum/topic/' || t.id",
        fromSql:
          "from forum_topics t join forum_replies r on r.topic_id = t.id where r.id = ?1 and t.user_id is not null and t.user_id <> ?2",
        params: [id, input.userId],
      },
      site,
      now,
    ),
  ]);
  if (inserted.results.length) {
    return { outcome: "posted", repliesCount: (updated.results[0] as { repliesCount: number } | undefined)?.repliesCount ?? 0 };
  }
  const topic = await db.select({ isLocked: forumTopics.isLocked }).from(forumTopics).where(eq(forumTopics.id, input.topicId)).get();
  return { outcome: topic?.isLocked ? "locked" : "missing", repliesCount: 0 };
}

/** Pins, unpins, locks or unlocks a topic (admins only: the caller's guard). False when it is gone. */
export async function setTopicFlag(db: Database, topicId: string, flag: "isPinned" | "isLocked", value: boolean) {
  const rows = await db
    .update(forumTopics)
    .set({ [flag]: value })
    .where(eq(forumTopics.id, topicId))
    .returning({ id: forumTopics.id });
  return rows.length > 0;
}
