// Migration 0028 (one article model) on a database built at the migration before it: blog posts,
// news articles and both tables of translations move into articles and article_translations with
// their ids, so every address stays; the old tables go.
import { applyD1Migrations, env } from "cloudflare:test";
import { asc } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { readContentVersion } from "~/models/content-version.server";
import * as schema from "../../db/schema";
import { emptyDatabase } from "../support/database";
import { db, editedElsewhere, get } from "../support/factories";

const MIGRATION = "0028_one_article_model.sql";
const T = Date.UTC(2026, 5, 1);
const sql = (query: string, ...values: unknown[]) => env.DB.prepare(query).bind(...values);

beforeAll(async () => {
  expect(env.TEST_MIGRATIONS.map((m) => m.name)).toContain(MIGRATION);
  await emptyDatabase(env.DB);
  await applyD1Migrations(
    env.DB,
    env.TEST_MIGRATIONS.filter((m) => m.name < MIGRATION),
  );
  await env.DB.batch([
    sql(
      `INSERT INTO cms_blog_posts (id, slug, title, excerpt, content, category, image_url, author, read_minutes, is_published, publish_date, created_at) VALUES
       ('p1', 'letters-of-credit', 'Letters of credit', 'A guide', 'Open with the bank.', 'Trade Finance', '/images/blog/1.svg', 'Maria', 7, 1, ?1, ?1 - 5),
       ('p2', NULL, 'Old draft', NULL, NULL, NULL, NULL, 'Admin', 5, 0, ?1 + 1, ?1 + 1)`,
      T,
    ),
    sql(
      `INSERT INTO news_articles (id, title, excerpt, content, category, image_url, author, read_minutes, publish_date) VALUES
       ('n1', 'Container volumes rise', 'Up 4%', 'Volumes rose.', 'Trade News', '/images/blog/2.svg', 'Newsdesk', 3, ?1 + 2)`,
      T,
    ),
    sql(
      `INSERT INTO cms_blog_post_translations (post_id, language, title, excerpt, content, category, updated_at) VALUES
       ('p1', 'fr', 'Lettres de crédit', NULL, 'Ouvrez avec la banque.', 'Finance', ?1 + 10)`,
      T,
    ),
    sql(
      `INSERT INTO news_article_translations (article_id, language, title, excerpt, content, category, updated_at) VALUES
       ('n1', 'es', 'Suben los contenedores', 'Un 4 % más', NULL, NULL, ?1 + 11)`,
      T,
    ),
  ]);
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  editedElsewhere();
});

describe("migration 0028 on a database of blog posts and news articles", () => {
  it("moves every post and article with its id, texts, dates and state; news articles are published", async () => {
    const rows = await db.select().from(schema.articles).orderBy(asc(schema.articles.id));
    expect(rows).toEqual([
      {
        id: "n1",
        kind: "news",
        slug: null,
        title: "Container volumes rise",
        excerpt: "Up 4%",
        content: "Volumes rose.",
        category: "Trade News",
        imageUrl: "/images/blog/2.svg",
        author: "Newsdesk",
        readMinutes: 3,
        isPublished: true,
        publishDate: new Date(T + 2),
        createdAt: new Date(T + 2),
      },
      {
        id: "p1",
        kind: "blog",
        slug: "letters-of-credit",
        title: "Letters of credit",
        excerpt: "A guide",
        content: "Open with the bank.",
        category: "Trade Finance",
        imageUrl: "/images/blog/1.svg",
        author: "Maria",
        readMinutes: 7,
        isPublished: true,
        publishDate: new Date(T),
        createdAt: new Date(T - 5),
      },
      expect.objectContaining({ id: "p2", kind: "blog", slug: null, title: "Old draft", isPublished: false, createdAt: new Date(T + 1) }),
    ]);
  });

  it("moves both tables of translations into one", async () => {
    const rows = await db.select().from(schema.articleTranslations).orderBy(asc(schema.articleTranslations.articleId));
    expect(rows).toEqual([
      {
        articleId: "n1",
        language: "es",
        title: "Suben los contenedores",
        excerpt: "Un 4 % más",
        content: null,
        category: null,
        updatedAt: new Date(T + 11),
      },
      {
        articleId: "p1",
        language: "fr",
        title: "Lettres de crédit",
        excerpt: null,
        content: "Ouvrez avec la banque.",
        category: "Finance",
        updatedAt: new Date(T + 10),
      },
    ]);
  });

  it("drops the old tables and their triggers", async () => {
    const { results } = await env.DB.prepare(
      `select name from sqlite_master where name in ('cms_blog_posts', 'news_articles', 'cms_blog_post_translations', 'news_article_translations')
         or (type = 'trigger' and (name like '%cms_blog_post%' or name like '%news_article%'))`,
    ).all<{ name: string }>();
    expect(results).toEqual([]);
  });

  it("keeps every address: the post at its slug (by id it moves there), the news article at its id, each in its language", async () => {
    const post = await get("/blog/letters-of-credit?lng=fr");
    expect(post.status).toBe(200);
    expect(await post.text()).toMatch(/<h1[^>]*>Lettres de crédit<\/h1>/);
    const byId = await get("/blog/p1");
    expect(byId.status).toBe(301);
    expect(byId.headers.get("Location")).toBe("/blog/letters-of-credit");
    expect((await get("/blog/p2")).status).toBe(404);
    const news = await get("/news/n1?lng=es");
    expect(news.status).toBe(200);
    expect(await news.text()).toMatch(/<h1[^>]*>Suben los contenedores<\/h1>/);
    expect(await (await get("/news")).text()).toContain('href="/news/n1"');
  });

  it("an article or translation written afterwards moves the content version, as before", async () => {
    for (const write of [
      () => db.insert(schema.articles).values({ kind: "news", title: "After the move", isPublished: true }),
      () => db.insert(schema.articleTranslations).values({ articleId: "n1", language: "fr", title: "Après" }),
      () => env.DB.prepare("UPDATE articles SET title = 'Renamed' WHERE id = 'p2'").run(),
      () => env.DB.prepare("DELETE FROM article_translations WHERE article_id = 'n1' AND language = 'fr'").run(),
      () => env.DB.prepare("DELETE FROM articles WHERE id = 'p2'").run(),
    ]) {
      const version = await readContentVersion(db);
      await write();
      expect(await readContentVersion(db)).toBeGreaterThan(version);
    }
  });
});
