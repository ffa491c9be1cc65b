-- One number that changes whenever public content changes; visitors' cached pages are keyed by it,
-- so an edit shows at once.
CREATE TABLE content_version (id integer PRIMARY KEY NOT NULL, version integer DEFAULT 0 NOT NULL);
--> statement-breakpoint
INSERT INTO content_version (id, version) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER content_version_products_insert AFTER INSERT ON products BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_products_update AFTER UPDATE ON products BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_products_delete AFTER DELETE ON products BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_cms_content_insert AFTER INSERT ON cms_content BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_cms_content_update AFTER UPDATE ON cms_content BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_cms_content_delete AFTER DELETE ON cms_content BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_cms_blog_posts_insert AFTER INSERT ON cms_blog_posts BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_cms_blog_posts_update AFTER UPDATE ON cms_blog_posts BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_cms_blog_posts_delete AFTER DELETE ON cms_blog_posts BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_news_articles_insert AFTER INSERT ON news_articles BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_news_articles_update AFTER UPDATE ON news_articles BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_news_articles_delete AFTER DELETE ON news_articles BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_catalogs_insert AFTER INSERT ON catalogs BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_catalogs_update AFTER UPDATE ON catalogs BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_catalogs_delete AFTER DELETE ON catalogs BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_catalog_products_insert AFTER INSERT ON catalog_products BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_catalog_products_update AFTER UPDATE ON catalog_products BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_catalog_products_delete AFTER DELETE ON catalog_products BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_trade_leads_insert AFTER INSERT ON trade_leads BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_trade_leads_update AFTER UPDATE ON trade_leads BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_trade_leads_delete AFTER DELETE ON trade_leads BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
