import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TEST_USER_ID, FORUM_TOPICS_PAGE_SIZE, type ProfilePlan } from "~/lib/constants";
import { LIMITS } from "~/models/rate-limits.server";
import * as schema from "../../db/schema";
import { DEMO_ACCOUNTS, forum as seedForum, seedId } from "../../db/seed/data";
import { seedDatabase } from "../../db/seed/seed";
import { createUser, db, get, ORIGIN, post, sessionCookie, routeAnswer } from "../support/factories";
import { fetchWorker } from "../support/worker";

const CATEGORY = { general: seedId(7, 1), sourcing: seedId(7, 2), logistics: seedId(7, 3), insights: seedId(7, 4) };
const TOPIC = { pinned: seedId(8, 1), second: seedId(8, 2), locked: seedId(8, 5), rice: seedId(8, 4) };
const SEED = seedForum();
const premiumDemo = DEMO_ACCOUNTS[1];

// Every text of the seeded forum that must never reach a refused visitor.
const FORUM_SECRETS = [
  ...SEED.categories.map((c) => c.name),
  ...SEED.topics.map((t) => t.title),
  "Paolo Premium",
  "Priya Professional",
  "Premium Test User",
];

const topicRow = async (id: string) => (await db.select().from(schema.forumTopics).where(eq(schema.forumTopics.id, id)).get())!;
const replyTotal = async () => (await db.all<{ n: number }>(sql`select count(*) as n from forum_replies`))[0].n;
const topicTotal = async () => (await db.all<{ n: number }>(sql`select count(*) as n from forum_topics`))[0].n;
const data = (path: string, route: string, cookie?: string) => routeAnswer(path, route, cookie);

const backLink = (html: string) => /<a [^>]*data-testid="back-link"[^>]*>/.exec(html)?.[0].match(/href="([^"]*)"/)?.[1];

/** A POST with a raw body, for duplicated fields and bodies that are not forms. */
function fetchSelf(path: string, body: string, cookie: string | undefined, contentType: string) {
  return fetchWorker(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: ORIGIN, Host: "localhost", "Content-Type": contentType, ...(cookie ? { Cookie: cookie } : {}) },
    body,
  });
}

let cookies: Record<string, string>;

beforeAll(async () => {
  await seedDatabase(env.DB);
  const plans: ProfilePlan[] = ["free", "premium", "professional", "enterprise", "admin"];
  const users = Object.fromEntries(await Promise.all(plans.map(async (plan) => [plan, await createUser({ plan })] as const)));
  cookies = {
    ...Object.fromEntries(await Promise.all(plans.map(async (plan) => [plan, await sessionCookie(users[plan].id)] as const))),
    adminSession: await sessionCookie(null, true),
    freeInAdminMode: await sessionCookie(users.free.id, true),
    premiumDemo: await sessionCookie(premiumDemo.id),
    professionalDemo: await sessionCookie(DEMO_ACCOUNTS[2].id),
    enterpriseDemo: await sessionCookie(DEMO_ACCOUNTS[3].id),
  };
});

describe("who may enter the forum", () => {
  const REFUSED: [string, string | null, string | null][] = [
    ["a visitor", null, null],
    ["a free member", "free", "Free"],
  ];
  const ALLOWED: [string, string, string][] = [
    ["a premium member", "premium", "Premium Member"],
    ["a professional member", "professional", "Premium Member"],
    ["an enterprise member", "enterprise", "Premium Member"],
    ["an admin-plan member", "admin", "Admin Access"],
    ["the admin session without a member", "adminSession", "Admin Test Mode"],
    ["a free member in admin mode", "freeInAdminMode", "Admin Access"],
  ];
  const PAGES = [
    ["/forum", "routes/forum._index"],
    [`/forum/${CATEGORY.general}`, "routes/forum.$categoryId"],
    [`/forum/topic/${TOPIC.second}`, "routes/forum.topic.$topicId"],
  ] as const;

  it.each(REFUSED)(
    "%s gets 'Trade Forum Access' on every level, and no forum data in the HTML or loader data",
    async (_who, role, plan) => {
      const cookie = role ? cookies[role] : undefined;
      const views = (await topicRow(TOPIC.second)).viewsCount;
      for (const [path, route] of PAGES) {
        const response = await get(path, cookie);
        expect(response.status, path).toBe(403);
        const html = await response.text();
        expect(html).toContain("Trade Forum Access");
        expect(html).toContain("Access to the Trade Forum requires a premium membership or admin authentication.");
        expect(html).toContain('href="/admin/login?redirectTo=%2Fforum"');
        expect(html).toContain("Private messaging with premium members");
        for (const secret of FORUM_SECRETS) expect(html, `${path}: ${secret}`).not.toContain(secret);
        if (plan) {
          expect(html).toContain(`Current Status: ${plan} membership`);
          expect(html).toContain('href="/membership"');
          expect(html).toContain("Upgrade to Premium");
        } else {
          expect(html).toContain('href="/auth?redirectTo=%2Fforum"');
          expect(html).not.toContain("Current Status");
        }
        for (const r of ["routes/forum", route]) {
          const answer = await data(path, r, cookie);
          expect(answer.status).toBe(403);
          expect(answer.data).toEqual({ forumAccess: { signedIn: !!plan, plan: plan ? "free" : null } });
        }
      }
      expect((await topicRow(TOPIC.second)).viewsCount, "a refused visit counts no view").toBe(views);
    },
  );

  it.each(ALLOWED)("%s reads every level with the badge '%s'", async (_who, role, badge) => {
    const cookie = cookies[role];
    for (const [path, route] of PAGES) {
      const response = await get(path, cookie);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html).toContain("Trade Forum");
      expect(html).toContain("Connect and discuss with fellow traders");
      expect(html).toContain(`data-testid="forum-badge">${badge}<`);
      expect(html).toContain('href="/messages"');
      expect((await data(path, route, cookie)).status).toBe(200);
    }
  });

  it("refuses posting, replying and moderating to refused roles with 403, changing nothing", async () => {
    for (const cookie of [undefined, cookies.free]) {
      const before = await topicRow(TOPIC.second);
      const [topics, replies] = [await topicTotal(), await replyTotal()];
      expect((await post(`/forum/${CATEGORY.general}`, { title: "Sneaky", content: "Sneaky" }, cookie)).status).toBe(403);
      expect((await post(`/forum/topic/${TOPIC.second}`, { intent: "reply", content: "Sneaky" }, cookie)).status).toBe(403);
      expect((await post(`/forum/topic/${TOPIC.second}`, { intent: "lock" }, cookie)).status).toBe(403);
      expect([await topicTotal(), await replyTotal()]).toEqual([topics, replies]);
      expect(await topicRow(TOPIC.second)).toEqual(before);
    }
  });
});

describe("the forum's levels", () => {
  it("lists active categories by sort order with topic counts and latest activity from one query", async () => {
    const { categories } = (await data("/forum", "routes/forum._index", cookies.premium)).data;
    expect(categories.map((c: { name: string }) => c.name)).toEqual(SEED.categories.map((c) => c.name));
    const general = categories[0];
    const generalTopics = await db.select().from(schema.forumTopics).where(eq(schema.forumTopics.categoryId, CATEGORY.general));
    expect(general.topicCount).toBe(generalTopics.length);
    expect(general.lastActivityAt).toBe(Math.max(...generalTopics.map((t) => t.lastActivityAt.getTime())));
  });

  it("hides inactive categories and answers their pages with 404", async () => {
    const [hidden] = await db
      .insert(schema.forumCategories)
      .values({ name: "Hidden category", sortOrder: 99, isActive: false })
      .returning();
    const html = await (await get("/forum", cookies.premium)).text();
    expect(html).not.toContain("Hidden category");
    expect((await get(`/forum/${hidden.id}`, cookies.premium)).status).toBe(404);
    expect((await get("/forum/no-such-category", cookies.premium)).status).toBe(404);
    expect((await get("/forum/topic/no-such-topic", cookies.premium)).status).toBe(404);
  });

  it("lists a category's topics pinned first, then newest, a page at a time, with a back link", async () => {
    const [category] = await db.insert(schema.forumCategories).values({ name: "Paged", sortOrder: 50 }).returning();
    const base = Date.UTC(2026, 0, 1);
    for (let n = 1; n <= FORUM_TOPICS_PAGE_SIZE + 3; n++) {
      await db.insert(schema.forumTopics).values({
        categoryId: category.id,
        title: `Paged topic ${n}`,
        content: "x",
        isPinned: n === 2,
        createdAt: new Date(base + n * 60_000),
      });
    }
    const first = (await data(`/forum/${category.id}`, "routes/forum.$categoryId", cookies.premium)).data;
    expect(first.topics).toHaveLength(FORUM_TOPICS_PAGE_SIZE);
    expect(first.pages).toBe(2);
    expect(first.topics.slice(0, 3).map((t: { title: string }) => t.title)).toEqual([
      "Paged topic 2",
      `Paged topic ${FORUM_TOPICS_PAGE_SIZE + 3}`,
      `Paged topic ${FORUM_TOPICS_PAGE_SIZE + 2}`,
    ]);
    const second = (await data(`/forum/${category.id}?page=2`, "routes/forum.$categoryId", cookies.premium)).data;
    expect(second.topics.map((t: { title: string }) => t.title)).toEqual(["Paged topic 4", "Paged topic 3", "Paged topic 1"]);
    const html = await (await get(`/forum/${category.id}`, cookies.premium)).text();
    expect(backLink(html)).toBe("/forum");
  });

  it("shows a topic with its replies oldest first, 'Unknown User' for a deleted author, and a back link to its category", async () => {
    const author = await createUser({ plan: "premium" });
    const [topic] = await db
      .insert(schema.forumTopics)
      .values({ categoryId: CATEGORY.insights, userId: author.id, title: "Orphan topic", content: "Line one\nLine two" })
      .returning();
    const base = Date.now();
    await db.insert(schema.forumReplies).values([
      { topicId: topic.id, userId: author.id, content: "Later reply", createdAt: new Date(base + 2000) },
      { topicId: topic.id, userId: premiumDemo.id, content: "Earlier reply", createdAt: new Date(base + 1000) },
    ]);
    await db.delete(schema.users).where(eq(schema.users.id, author.id));
    const answer = (await data(`/forum/topic/${topic.id}`, "routes/forum.topic.$topicId", cookies.premium)).data;
    expect(answer.replies.map((r: { content: string }) => r.content)).toEqual(["Earlier reply", "Later reply"]);
    expect(answer.topic.authorName).toBeNull();
    expect(answer.replies[1].authorName).toBeNull();
    expect(answer.replies[0].authorName).toBe("Paolo Premium");
    const html = await (await get(`/forum/topic/${topic.id}`, cookies.premium)).text();
    expect(html).toContain("Unknown User");
    expect(html).toContain("Line one\nLine two");
    expect(backLink(html)).toBe(`/forum/${CATEGORY.insights}`);
  });

  it("counts every view under concurrent opens with one UPDATE each (no lost counts)", async () => {
    const before = (await topicRow(TOPIC.rice)).viewsCount;
    const N = 25;
    const responses = await Promise.all(Array.from({ length: N }, () => get(`/forum/topic/${TOPIC.rice}`, cookies.premium)));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    await Promise.all(responses.map((r) => r.text()));
    expect((await topicRow(TOPIC.rice)).viewsCount).toBe(before + N);
  });
});

describe("posting", () => {
  it("creates a topic as the member and opens it with 'Topic created successfully!'", async () => {
    const response = await post(
      `/forum/${CATEGORY.logistics}`,
      { title: "  Container prices  ", content: "Going up?\nOr down?" },
      cookies.premiumDemo,
    );
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/forum\/topic\/[0-9a-f-]{36}$/);
    const topic = await topicRow(location.split("/").pop()!);
    expect(topic).toMatchObject({
      title: "Container prices",
      content: "Going up?\nOr down?",
      userId: premiumDemo.id,
      categoryId: CATEGORY.logistics,
      repliesCount: 0,
      isLocked: false,
    });
    const page = await get(
      location,
      `${cookies.premiumDemo}; ${response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ")}`,
    );
    expect(await page.text()).toContain("Topic created successfully!");
  });

  it("refuses a blank title or content with 'Please fill in both title and content.', writing nothing", async () => {
    const before = await topicTotal();
    for (const fields of [{ title: "", content: "x" }, { title: "x", content: "   " }, {}] as Record<string, string>[]) {
      const response = await post(`/forum/${CATEGORY.logistics}`, fields, cookies.premium);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Please fill in both title and content.");
    }
    expect(await topicTotal()).toBe(before);
  });

  it("answers a topic in a missing category with 404", async () => {
    expect((await post("/forum/not-a-category", { title: "x", content: "y" }, cookies.premium)).status).toBe(404);
  });

  it("posts a reply: replies_count and last activity move with the insert", async () => {
    const before = await topicRow(TOPIC.second);
    const response = await post(`/forum/topic/${TOPIC.second}`, { intent: "reply", content: "My reply" }, cookies.professionalDemo);
    expect(response.status).toBe(302);
    const after = await topicRow(TOPIC.second);
    expect(after.repliesCount).toBe(before.repliesCount + 1);
    expect(after.lastActivityAt.getTime()).toBeGreaterThan(before.lastActivityAt.getTime());
    const [{ n }] = await db.all<{ n: number }>(sql`select count(*) as n from forum_replies where topic_id = ${TOPIC.second}`);
    expect(after.repliesCount).toBe(n);
  });

  it("refuses a blank reply with 'Please enter a reply.'", async () => {
    const before = await replyTotal();
    const response = await post(`/forum/topic/${TOPIC.second}`, { intent: "reply", content: " \n " }, cookies.premium);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please enter a reply.");
    expect(await replyTotal()).toBe(before);
  });

  it("refuses replies to a locked topic on the server and shows no form", async () => {
    const before = await topicRow(TOPIC.locked);
    expect(before.isLocked).toBe(true);
    const replies = await replyTotal();
    const response = await post(`/forum/topic/${TOPIC.locked}`, { intent: "reply", content: "Let me in" }, cookies.premium);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("This topic is locked and no longer accepts new replies.");
    expect(await replyTotal()).toBe(replies);
    expect((await topicRow(TOPIC.locked)).repliesCount).toBe(before.repliesCount);
    const html = await (await get(`/forum/topic/${TOPIC.locked}`, cookies.premium)).text();
    expect(html).toContain("This topic is locked and no longer accepts new replies.");
    expect(html).not.toContain('name="content"');
  });

  it("renders hostile text as plain text: escaped, line breaks kept", async () => {
    const evil = `<script>alert(1)</script><img src=x onerror=alert(2)>\n"quoted" & 'single'`;
    const response = await post(`/forum/${CATEGORY.logistics}`, { title: "<b>bold</b> title", content: evil }, cookies.enterprise);
    const html = await (await get(response.headers.get("Location")!, cookies.enterprise)).text();
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<b>bold</b>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt; title");
  });

  it("rate-limits topics per member with 429", async () => {
    const member = await createUser({ plan: "premium" });
    const cookie = await sessionCookie(member.id);
    for (let n = 0; n < LIMITS.forumTopicsPerMember.max; n++) {
      expect((await post(`/forum/${CATEGORY.insights}`, { title: `Topic ${n}`, content: "c" }, cookie)).status).toBe(302);
    }
    const before = await topicTotal();
    const response = await post(`/forum/${CATEGORY.insights}`, { title: "One too many", content: "c" }, cookie);
    expect(response.status).toBe(429);
    expect(await topicTotal()).toBe(before);
  });
});

describe("hostile input on the forum's forms", () => {
  const FORMS = [
    [`/forum/${seedId(7, 4)}`, { title: "t", content: "c" }],
    [`/forum/topic/${seedId(8, 3)}`, { intent: "reply", content: "c" }],
  ] as const;

  it.each(FORMS)("%s refuses non-form bodies with 4xx and writes nothing", async (path) => {
    const [topics, replies] = [await topicTotal(), await replyTotal()];
    for (const [body, type] of [
      ['{"title":"x","content":"y"}', "application/json"],
      ["title=x", "text/plain"],
      ["", "multipart/form-data"],
    ]) {
      const response = await fetchSelf(path, body, cookies.premium, type);
      expect(response.status, type).toBeGreaterThanOrEqual(400);
      expect(response.status, type).toBeLessThan(500);
    }
    expect([await topicTotal(), await replyTotal()]).toEqual([topics, replies]);
  });

  it.each(FORMS)("%s refuses 1 MB strings, control characters and duplicated fields with 400", async (path, fields) => {
    const [topics, replies] = [await topicTotal(), await replyTotal()];
    const big = await post(path, { ...fields, content: "x".repeat(1_000_000) }, cookies.premium);
    expect(big.status).toBe(400);
    expect(await big.text()).toContain("This is too long");
    const control = await post(path, { ...fields, content: "bad\u0000byte" }, cookies.premium);
    expect(control.status).toBe(400);
    expect(await control.text()).toContain("Please remove invisible control characters.");
    const duplicated = await fetchSelf(
      path,
      `${new URLSearchParams(fields)}&content=again`,
      cookies.premium,
      "application/x-www-form-urlencoded",
    );
    expect(duplicated.status).toBe(400);
    expect([await topicTotal(), await replyTotal()]).toEqual([topics, replies]);
  });

  it("refuses an unknown intent with a message the page shows", async () => {
    const response = await post(`/forum/topic/${TOPIC.second}`, { intent: "delete" }, cookies.admin);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This action is not available here.");
  });
});

describe("admins", () => {
  it("in test mode post as 'Premium Test User' and see the debug panel; members never get it", async () => {
    const page = await get(`/forum/topic/${TOPIC.second}`, cookies.adminSession);
    const html = await page.text();
    expect(html).toContain('data-testid="admin-debug"');
    expect(html).toContain(TOPIC.second);
    const { debug } = (await data(`/forum/topic/${TOPIC.second}`, "routes/forum.topic.$topicId", cookies.adminSession)).data;
    expect(debug).toMatchObject({
      topicId: TOPIC.second,
      categoryId: CATEGORY.general,
      postingAs: ADMIN_TEST_USER_ID,
      isLocked: false,
      testMode: true,
    });
    for (const role of ["premium", "admin"]) {
      const member = (await data(`/forum/topic/${TOPIC.second}`, "routes/forum.topic.$topicId", cookies[role])).data;
      expect(member.debug, role).toBeNull();
    }

    const response = await post(
      `/forum/topic/${TOPIC.second}`,
      { intent: "reply", content: "From the test account" },
      cookies.adminSession,
    );
    expect(response.status).toBe(302);
    const [reply] = await db.select().from(schema.forumReplies).where(eq(schema.forumReplies.content, "From the test account"));
    expect(reply.userId).toBe(ADMIN_TEST_USER_ID);
    const topic = await post(`/forum/${CATEGORY.general}`, { title: "Admin test topic", content: "c" }, cookies.adminSession);
    expect((await topicRow(topic.headers.get("Location")!.split("/").pop()!)).userId).toBe(ADMIN_TEST_USER_ID);
    const shown = await (await get(`/forum/topic/${TOPIC.second}`, cookies.premium)).text();
    expect(shown).toContain("Premium Test User");
    expect(shown).toContain("Test Premium Company");
  });

  it("pin, unpin, lock and unlock topics; members cannot", async () => {
    const before = await topicRow(TOPIC.rice);
    const refused = await post(`/forum/topic/${TOPIC.rice}`, { intent: "lock" }, cookies.premium);
    expect(refused.status).toBe(403);
    // The refused form is shown again on the topic's page, which counts as a view; nothing else moves.
    expect(await topicRow(TOPIC.rice)).toEqual({ ...before, viewsCount: before.viewsCount + 1 });

    for (const [cookie, intent, expected] of [
      [cookies.adminSession, "lock", { isLocked: true }],
      [cookies.admin, "pin", { isPinned: true }],
      [cookies.adminSession, "unpin", { isPinned: false }],
      [cookies.freeInAdminMode, "unlock", { isLocked: false }],
    ] as const) {
      const response = await post(`/forum/topic/${TOPIC.rice}`, { intent }, cookie);
      expect(response.status, intent).toBe(302);
      expect(await topicRow(TOPIC.rice)).toMatchObject(expected);
    }
    expect((await post("/forum/topic/no-such-topic", { intent: "lock" }, cookies.admin)).status).toBe(404);
  });

  it("a locked topic refuses the admin's test-mode reply too", async () => {
    await post(`/forum/topic/${TOPIC.rice}`, { intent: "lock" }, cookies.adminSession);
    const response = await post(`/forum/topic/${TOPIC.rice}`, { intent: "reply", content: "still?" }, cookies.adminSession);
    expect(response.status).toBe(403);
    await post(`/forum/topic/${TOPIC.rice}`, { intent: "unlock" }, cookies.adminSession);
  });
});

describe("the header's links", () => {
  it("lead to the forum instead of a 404", async () => {
    const html = await (await get("/", cookies.premium)).text();
    expect(html).toContain('href="/forum"');
    expect((await get("/forum", cookies.premium)).status).toBe(200);
  });
});
