-- Content an admin hides after reports: the reason, on each kind of content that can be reported.
ALTER TABLE `catalogs` ADD `hidden_reason` text;--> statement-breakpoint
ALTER TABLE `forum_replies` ADD `hidden_reason` text;--> statement-breakpoint
ALTER TABLE `forum_topics` ADD `hidden_reason` text;--> statement-breakpoint
CREATE INDEX `forum_topics_hidden_idx` ON `forum_topics` (`category_id`) WHERE "forum_topics"."hidden_reason" is not null;--> statement-breakpoint
ALTER TABLE `inquiry_messages` ADD `hidden_reason` text;--> statement-breakpoint
ALTER TABLE `private_messages` ADD `hidden_reason` text;--> statement-breakpoint
ALTER TABLE `products` ADD `hidden_reason` text;--> statement-breakpoint
CREATE INDEX `products_hidden_idx` ON `products` (`id`) WHERE "products"."hidden_reason" is not null;--> statement-breakpoint
ALTER TABLE `reviews` ADD `hidden_reason` text;--> statement-breakpoint
ALTER TABLE `trade_leads` ADD `hidden_reason` text;--> statement-breakpoint
-- The counters leave hidden content out: the board's active leads and the categories' listings.
DROP TRIGGER trade_lead_counts_after_insert;--> statement-breakpoint
DROP TRIGGER trade_lead_counts_after_delete;--> statement-breakpoint
DROP TRIGGER trade_lead_counts_after_update;--> statement-breakpoint
CREATE TRIGGER trade_lead_counts_after_insert AFTER INSERT ON trade_leads WHEN new.is_active AND new.hidden_reason IS NULL BEGIN
  INSERT INTO trade_lead_counts (lead_type, active_count) VALUES (new.lead_type, 1)
  ON CONFLICT(lead_type) DO UPDATE SET active_count = active_count + 1;
END;
--> statement-breakpoint
CREATE TRIGGER trade_lead_counts_after_delete AFTER DELETE ON trade_leads WHEN old.is_active AND old.hidden_reason IS NULL BEGIN
  UPDATE trade_lead_counts SET active_count = active_count - 1 WHERE lead_type = old.lead_type;
END;
--> statement-breakpoint
CREATE TRIGGER trade_lead_counts_after_update AFTER UPDATE OF is_active, lead_type, hidden_reason ON trade_leads
WHEN (old.is_active AND old.hidden_reason IS NULL) IS NOT (new.is_active AND new.hidden_reason IS NULL) OR old.lead_type IS NOT new.lead_type BEGIN
  UPDATE trade_lead_counts SET active_count = active_count - 1 WHERE lead_type = old.lead_type AND old.is_active AND old.hidden_reason IS NULL;
  INSERT INTO trade_lead_counts (lead_type, active_count) SELECT new.lead_type, 1 WHERE new.is_active AND new.hidden_reason IS NULL
  ON CONFLICT(lead_type) DO UPDATE SET active_count = active_count + 1;
END;
--> statement-breakpoint
DROP TRIGGER product_categories_after_insert;--> statement-breakpoint
DROP TRIGGER product_categories_after_delete;--> statement-breakpoint
DROP TRIGGER product_categories_after_update;--> statement-breakpoint
CREATE TRIGGER product_categories_after_insert AFTER INSERT ON products WHEN new.hidden_reason IS NULL BEGIN
  INSERT INTO product_categories (name, product_count) VALUES (new.category, 1)
  ON CONFLICT(name) DO UPDATE SET product_count = product_count + 1;
END;
--> statement-breakpoint
CREATE TRIGGER product_categories_after_delete AFTER DELETE ON products WHEN old.hidden_reason IS NULL BEGIN
  UPDATE product_categories SET product_count = product_count - 1 WHERE name = old.category;
  DELETE FROM product_categories WHERE name = old.category AND product_count <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER product_categories_after_update AFTER UPDATE OF category, hidden_reason ON products
WHEN old.category IS NOT new.category OR (old.hidden_reason IS NULL) IS NOT (new.hidden_reason IS NULL) BEGIN
  UPDATE product_categories SET product_count = product_count - 1 WHERE name = old.category AND old.hidden_reason IS NULL;
  DELETE FROM product_categories WHERE name = old.category AND product_count <= 0;
  INSERT INTO product_categories (name, product_count) SELECT new.category, 1 WHERE new.hidden_reason IS NULL
  ON CONFLICT(name) DO UPDATE SET product_count = product_count + 1;
END;
--> statement-breakpoint
-- Reviews show on the company pages the edge cache keeps for visitors: a new, edited, answered or hidden review moves the content version.
CREATE TRIGGER content_version_reviews_insert AFTER INSERT ON reviews BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_reviews_update AFTER UPDATE ON reviews BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_reviews_delete AFTER DELETE ON reviews BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
