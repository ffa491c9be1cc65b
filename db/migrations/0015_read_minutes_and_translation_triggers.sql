-- Read times become a number of minutes, which the page words in its own language.
-- Stored texts keep their leading number ('3 min read' is 3); a text without one gets the default, 5.
UPDATE cms_blog_posts SET read_minutes = CASE
  WHEN CAST(trim(read_time) AS INTEGER) BETWEEN 1 AND 999 THEN CAST(trim(read_time) AS INTEGER)
  ELSE 5
END;
--> statement-breakpoint
UPDATE news_articles SET read_minutes = CASE
  WHEN CAST(trim(read_time) AS INTEGER) BETWEEN 1 AND 999 THEN CAST(trim(read_time) AS INTEGER)
  ELSE 5
END;
--> statement-breakpoint
-- Translations are public content too: editing one moves the content version, as the originals' triggers do.
CREATE TRIGGER content_version_cms_content_translations_insert AFTER INSERT ON cms_content_translations BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_cms_content_translations_update AFTER UPDATE ON cms_content_translations BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_cms_content_translations_delete AFTER DELETE ON cms_content_translations BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_cms_blog_post_translations_insert AFTER INSERT ON cms_blog_post_translations BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_cms_blog_post_translations_update AFTER UPDATE ON cms_blog_post_translations BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_cms_blog_post_translations_delete AFTER DELETE ON cms_blog_post_translations BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_news_article_translations_insert AFTER INSERT ON news_article_translations BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_news_article_translations_update AFTER UPDATE ON news_article_translations BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_news_article_translations_delete AFTER DELETE ON news_article_translations BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
