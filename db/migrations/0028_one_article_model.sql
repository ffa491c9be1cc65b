CREATE TABLE `article_translations` (
	`article_id` text NOT NULL,
	`language` text NOT NULL,
	`title` text,
	`excerpt` text,
	`content` text,
	`category` text,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`article_id`, `language`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `articles` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`slug` text,
	`title` text NOT NULL,
	`excerpt` text,
	`content` text,
	`category` text,
	`image_url` text,
	`author` text DEFAULT 'Admin' NOT NULL,
	`read_minutes` integer DEFAULT 5 NOT NULL,
	`is_published` integer DEFAULT false NOT NULL,
	`publish_date` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `articles_kind_published_date_idx` ON `articles` (`kind`,`is_published`,`publish_date`);--> statement-breakpoint
CREATE UNIQUE INDEX `articles_slug_idx` ON `articles` (`slug`);--> statement-breakpoint
-- Blog posts and news articles become one table of articles (kind 'blog' or 'news') with one table
-- of translations; every row moves with its id, so addresses (/blog/:slug, /news/:id) stay. News
-- had no drafts: every news article is published. It had no creation time either: its publish
-- date stands in.
INSERT INTO `articles` (`id`, `kind`, `slug`, `title`, `excerpt`, `content`, `category`, `image_url`, `author`, `read_minutes`, `is_published`, `publish_date`, `created_at`)
  SELECT `id`, 'blog', `slug`, `title`, `excerpt`, `content`, `category`, `image_url`, `author`, `read_minutes`, `is_published`, `publish_date`, `created_at`
  FROM `cms_blog_posts`;
--> statement-breakpoint
INSERT INTO `articles` (`id`, `kind`, `slug`, `title`, `excerpt`, `content`, `category`, `image_url`, `author`, `read_minutes`, `is_published`, `publish_date`, `created_at`)
  SELECT `id`, 'news', NULL, `title`, `excerpt`, `content`, `category`, `image_url`, `author`, `read_minutes`, 1, `publish_date`, `publish_date`
  FROM `news_articles`;
--> statement-breakpoint
INSERT INTO `article_translations` (`article_id`, `language`, `title`, `excerpt`, `content`, `category`, `updated_at`)
  SELECT `post_id`, `language`, `title`, `excerpt`, `content`, `category`, `updated_at` FROM `cms_blog_post_translations`
  UNION ALL
  SELECT `article_id`, `language`, `title`, `excerpt`, `content`, `category`, `updated_at` FROM `news_article_translations`;
--> statement-breakpoint
-- Articles and their translations are public content: a change moves the content version, as the
-- old tables' triggers did (they go with their tables).
CREATE TRIGGER content_version_articles_insert AFTER INSERT ON articles BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_articles_update AFTER UPDATE ON articles BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_articles_delete AFTER DELETE ON articles BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_article_translations_insert AFTER INSERT ON article_translations BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_article_translations_update AFTER UPDATE ON article_translations BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_article_translations_delete AFTER DELETE ON article_translations BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
DROP TABLE `cms_blog_post_translations`;--> statement-breakpoint
DROP TABLE `cms_blog_posts`;--> statement-breakpoint
DROP TABLE `news_article_translations`;--> statement-breakpoint
DROP TABLE `news_articles`;