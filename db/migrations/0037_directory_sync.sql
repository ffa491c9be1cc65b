-- The companies directory's copies, kept by triggers so that its filters and sorts read catalogs'
-- own indexes: the owner's country (profiles.country), how many listings others see, and the
-- categories of those listings (catalog_categories). A listing an admin hid counts nowhere; a
-- hidden company is left out by the directory's own `hidden = 0`.
UPDATE catalogs SET country = (SELECT p.country FROM profiles p WHERE p.id = catalogs.user_id);
--> statement-breakpoint
UPDATE catalogs SET listing_count = (SELECT count(*) FROM products p WHERE p.catalog_id = catalogs.id AND p.hidden_reason IS NULL);
--> statement-breakpoint
INSERT INTO catalog_categories (catalog_id, category, listing_count)
  SELECT catalog_id, category, count(*) FROM products WHERE catalog_id IS NOT NULL AND hidden_reason IS NULL GROUP BY catalog_id, category;
--> statement-breakpoint
CREATE TRIGGER catalogs_country_after_insert AFTER INSERT ON catalogs BEGIN
  UPDATE catalogs SET country = (SELECT p.country FROM profiles p WHERE p.id = new.user_id) WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER catalogs_country_after_profile_insert AFTER INSERT ON profiles BEGIN
  UPDATE catalogs SET country = new.country WHERE user_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER catalogs_country_after_profile_update AFTER UPDATE OF country ON profiles WHEN old.country IS NOT new.country BEGIN
  UPDATE catalogs SET country = new.country WHERE user_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER catalog_categories_after_insert AFTER INSERT ON products WHEN new.hidden_reason IS NULL BEGIN
  INSERT INTO catalog_categories (catalog_id, category, listing_count) VALUES (new.catalog_id, new.category, 1)
  ON CONFLICT(catalog_id, category) DO UPDATE SET listing_count = listing_count + 1;
  UPDATE catalogs SET listing_count = listing_count + 1 WHERE id = new.catalog_id;
END;
--> statement-breakpoint
CREATE TRIGGER catalog_categories_after_delete AFTER DELETE ON products WHEN old.hidden_reason IS NULL BEGIN
  UPDATE catalog_categories SET listing_count = listing_count - 1 WHERE catalog_id = old.catalog_id AND category = old.category;
  DELETE FROM catalog_categories WHERE catalog_id = old.catalog_id AND category = old.category AND listing_count <= 0;
  UPDATE catalogs SET listing_count = listing_count - 1 WHERE id = old.catalog_id;
END;
--> statement-breakpoint
CREATE TRIGGER catalog_categories_after_update AFTER UPDATE OF category, hidden_reason, catalog_id ON products
WHEN old.category IS NOT new.category OR old.catalog_id IS NOT new.catalog_id OR (old.hidden_reason IS NULL) IS NOT (new.hidden_reason IS NULL) BEGIN
  UPDATE catalog_categories SET listing_count = listing_count - 1
    WHERE old.hidden_reason IS NULL AND catalog_id = old.catalog_id AND category = old.category;
  DELETE FROM catalog_categories WHERE catalog_id = old.catalog_id AND category = old.category AND listing_count <= 0;
  UPDATE catalogs SET listing_count = listing_count - 1 WHERE old.hidden_reason IS NULL AND id = old.catalog_id;
  INSERT INTO catalog_categories (catalog_id, category, listing_count) SELECT new.catalog_id, new.category, 1 WHERE new.hidden_reason IS NULL
  ON CONFLICT(catalog_id, category) DO UPDATE SET listing_count = listing_count + 1;
  UPDATE catalogs SET listing_count = listing_count + 1 WHERE new.hidden_reason IS NULL AND id = new.catalog_id;
END;
