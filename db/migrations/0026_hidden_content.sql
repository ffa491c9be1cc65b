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
-- The counters count what others see: the board's active leads leave out those an admin hid and
-- those of suspended members; the categories' listings leave out those an admin hid and those of
-- hidden companies. A suspension (or its lifting) and a company hidden (or shown) move them too; a
-- hidden company deleted gives its listings back first, so that the cascade's deletes even out.
DROP TRIGGER trade_lead_counts_after_insert;--> statement-breakpoint
DROP TRIGGER trade_lead_counts_after_delete;--> statement-breakpoint
DROP TRIGGER trade_lead_counts_after_update;--> statement-breakpoint
CREATE TRIGGER trade_lead_counts_after_insert AFTER INSERT ON trade_leads WHEN new.is_active AND new.hidden_reason IS NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = new.user_id AND u.suspended_at IS NOT NULL) BEGIN
  INSERT INTO trade_lead_counts (lead_type, active_count) VALUES (new.lead_type, 1)
  ON CONFLICT(lead_type) DO UPDATE SET active_count = active_count + 1;
END;
--> statement-breakpoint
CREATE TRIGGER trade_lead_counts_after_delete AFTER DELETE ON trade_leads WHEN old.is_active AND old.hidden_reason IS NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = old.user_id AND u.suspended_at IS NOT NULL) BEGIN
  UPDATE trade_lead_counts SET active_count = active_count - 1 WHERE lead_type = old.lead_type;
END;
--> statement-breakpoint
CREATE TRIGGER trade_lead_counts_after_update AFTER UPDATE OF is_active, lead_type, hidden_reason, user_id ON trade_leads
WHEN (old.is_active AND old.hidden_reason IS NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = old.user_id AND u.suspended_at IS NOT NULL)) IS NOT (new.is_active AND new.hidden_reason IS NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = new.user_id AND u.suspended_at IS NOT NULL)) OR old.lead_type IS NOT new.lead_type BEGIN
  UPDATE trade_lead_counts SET active_count = active_count - 1 WHERE lead_type = old.lead_type AND old.is_active AND old.hidden_reason IS NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = old.user_id AND u.suspended_at IS NOT NULL);
  INSERT INTO trade_lead_counts (lead_type, active_count) SELECT new.lead_type, 1 WHERE new.is_active AND new.hidden_reason IS NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = new.user_id AND u.suspended_at IS NOT NULL)
  ON CONFLICT(lead_type) DO UPDATE SET active_count = active_count + 1;
END;
--> statement-breakpoint
CREATE TRIGGER trade_lead_counts_after_suspension AFTER UPDATE OF suspended_at ON users
WHEN (old.suspended_at IS NULL) IS NOT (new.suspended_at IS NULL) BEGIN
  UPDATE trade_lead_counts SET active_count = active_count + (CASE WHEN new.suspended_at IS NULL THEN 1 ELSE -1 END) *
    (SELECT count(*) FROM trade_leads l WHERE l.user_id = new.id AND l.lead_type = trade_lead_counts.lead_type AND l.is_active AND l.hidden_reason IS NULL);
END;
--> statement-breakpoint
CREATE TRIGGER trade_lead_counts_before_suspended_delete BEFORE DELETE ON users WHEN old.suspended_at IS NOT NULL BEGIN
  UPDATE trade_lead_counts SET active_count = active_count +
    (SELECT count(*) FROM trade_leads l WHERE l.user_id = old.id AND l.lead_type = trade_lead_counts.lead_type AND l.is_active AND l.hidden_reason IS NULL);
END;
--> statement-breakpoint
DROP TRIGGER product_categories_after_insert;--> statement-breakpoint
DROP TRIGGER product_categories_after_delete;--> statement-breakpoint
DROP TRIGGER product_categories_after_update;--> statement-breakpoint
CREATE TRIGGER product_categories_after_insert AFTER INSERT ON products WHEN new.hidden_reason IS NULL AND NOT EXISTS (SELECT 1 FROM catalogs c WHERE c.id = new.catalog_id AND c.hidden = 1) BEGIN
  INSERT INTO product_categories (name, product_count) VALUES (new.category, 1)
  ON CONFLICT(name) DO UPDATE SET product_count = product_count + 1;
END;
--> statement-breakpoint
CREATE TRIGGER product_categories_after_delete AFTER DELETE ON products WHEN old.hidden_reason IS NULL AND NOT EXISTS (SELECT 1 FROM catalogs c WHERE c.id = old.catalog_id AND c.hidden = 1) BEGIN
  UPDATE product_categories SET product_count = product_count - 1 WHERE name = old.category;
  DELETE FROM product_categories WHERE name = old.category AND product_count <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER product_categories_after_update AFTER UPDATE OF category, hidden_reason, catalog_id ON products
WHEN old.category IS NOT new.category OR (old.hidden_reason IS NULL AND NOT EXISTS (SELECT 1 FROM catalogs c WHERE c.id = old.catalog_id AND c.hidden = 1)) IS NOT (new.hidden_reason IS NULL AND NOT EXISTS (SELECT 1 FROM catalogs c WHERE c.id = new.catalog_id AND c.hidden = 1)) BEGIN
  UPDATE product_categories SET product_count = product_count - 1 WHERE name = old.category AND old.hidden_reason IS NULL AND NOT EXISTS (SELECT 1 FROM catalogs c WHERE c.id = old.catalog_id AND c.hidden = 1);
  DELETE FROM product_categories WHERE name = old.category AND product_count <= 0;
  INSERT INTO product_categories (name, product_count) SELECT new.category, 1 WHERE new.hidden_reason IS NULL AND NOT EXISTS (SELECT 1 FROM catalogs c WHERE c.id = new.catalog_id AND c.hidden = 1)
  ON CONFLICT(name) DO UPDATE SET product_count = product_count + 1;
END;
--> statement-breakpoint
CREATE TRIGGER product_categories_after_catalog_hidden AFTER UPDATE OF hidden ON catalogs WHEN old.hidden = 0 AND new.hidden = 1 BEGIN
  UPDATE product_categories SET product_count = product_count -
    (SELECT count(*) FROM products p WHERE p.catalog_id = new.id AND p.category = product_categories.name AND p.hidden_reason IS NULL)
  WHERE name IN (SELECT category FROM products WHERE catalog_id = new.id);
  DELETE FROM product_categories WHERE product_count <= 0 AND name IN (SELECT category FROM products WHERE catalog_id = new.id);
END;
--> statement-breakpoint
CREATE TRIGGER product_categories_after_catalog_shown AFTER UPDATE OF hidden ON catalogs WHEN old.hidden = 1 AND new.hidden = 0 BEGIN
  INSERT INTO product_categories (name, product_count)
    SELECT category, count(*) FROM products WHERE catalog_id = new.id AND hidden_reason IS NULL GROUP BY category
  ON CONFLICT(name) DO UPDATE SET product_count = product_count + excluded.product_count;
END;
--> statement-breakpoint
CREATE TRIGGER product_categories_before_hidden_catalog_delete BEFORE DELETE ON catalogs WHEN old.hidden = 1 BEGIN
  INSERT INTO product_categories (name, product_count)
    SELECT category, count(*) FROM products WHERE catalog_id = old.id AND hidden_reason IS NULL GROUP BY category
  ON CONFLICT(name) DO UPDATE SET product_count = product_count + excluded.product_count;
END;
--> statement-breakpoint
-- Counted afresh: leads and listings hidden by a suspension before these counters knew of it.
UPDATE trade_lead_counts SET active_count = (SELECT count(*) FROM trade_leads l WHERE l.lead_type = trade_lead_counts.lead_type AND l.is_active AND l.hidden_reason IS NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = l.user_id AND u.suspended_at IS NOT NULL));
--> statement-breakpoint
UPDATE product_categories SET product_count = (SELECT count(*) FROM products p WHERE p.category = product_categories.name AND p.hidden_reason IS NULL AND NOT EXISTS (SELECT 1 FROM catalogs c WHERE c.id = p.catalog_id AND c.hidden = 1));
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
