-- One listing model: every product belongs to a company (a catalog owned by a member), and what a
-- supplier adds in My Catalog is a row of `products` like any other (docs/decisions/0018).
ALTER TABLE `products` ADD `catalog_id` text REFERENCES catalogs(id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE `products` ADD `price_max` real;--> statement-breakpoint
ALTER TABLE `products` ADD `image_urls` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `minimum_order` text;--> statement-breakpoint
ALTER TABLE `products` ADD `specifications` text;--> statement-breakpoint
ALTER TABLE `products` ADD `updated_at` integer;--> statement-breakpoint
UPDATE `products` SET `image_urls` = json_array(`image_url`) WHERE `image_url` IS NOT NULL;--> statement-breakpoint
-- Catalog products become listings of their catalog's company. Their price range and category
-- were free text: a price range is kept among the specifications (the price is on request until
-- the owner sets one), and a category that is not one of the listing categories becomes 'Other'
-- with the typed one kept among the specifications too.
CREATE TABLE `_listing_categories` (`name` text PRIMARY KEY);--> statement-breakpoint
INSERT INTO `_listing_categories` VALUES ('Technology'), ('Electronics'), ('Office'), ('Industrial'), ('Fashion'), ('Healthcare'), ('Agriculture'), ('Apparel & Clothing'), ('Automobiles'), ('Beauty & Personal Care'), ('Business Services'), ('Chemicals'), ('Computer Hardware & Software'), ('Construction & Real Estate'), ('Consumer Electronics'), ('Electrical & Electronics'), ('Energy Products'), ('Environment'), ('Other');--> statement-breakpoint
INSERT INTO `products` (`catalog_id`, `title`, `category`, `description`, `price`, `currency`, `image_url`, `image_urls`,
  `minimum_order`, `specifications`, `company_name`, `country`, `created_at`)
SELECT `catalog_id`, `product_name`, coalesce(`known`, 'Other'), `product_description`, NULL, 'USD',
  json_extract(`image_urls`, '$[0]'), `image_urls`, `minimum_order`,
  CASE WHEN `price_range` IS NULL AND `typed` IS NULL THEN `specifications`
    WHEN `typed` IS NULL THEN json_set(coalesce(`specifications`, '{}'), '$."Price range"', `price_range`)
    WHEN `price_range` IS NULL THEN json_set(coalesce(`specifications`, '{}'), '$."Category"', `typed`)
    ELSE json_set(coalesce(`specifications`, '{}'), '$."Price range"', `price_range`, '$."Category"', `typed`) END,
  `company_name`, `country`, `created_at`
FROM (
  SELECT cp.*, known.`name` AS `known`, CASE WHEN known.`name` IS NULL THEN nullif(trim(cp.`category`), '') END AS `typed`,
    c.`company_name`, p.`country`
  FROM `catalog_products` cp JOIN `catalogs` c ON c.`id` = cp.`catalog_id` LEFT JOIN `profiles` p ON p.`id` = c.`user_id`
    LEFT JOIN `_listing_categories` known ON known.`name` = trim(cp.`category`)
)
ORDER BY `created_at`;--> statement-breakpoint
DROP TABLE `_listing_categories`;--> statement-breakpoint
DROP TABLE `catalog_products`;--> statement-breakpoint
-- Products without a company (the first demo data) get one per company name, owned by an account
-- that cannot sign in (no password matches '!'), on the top plan so its listings fit the limits.
CREATE TABLE `_legacy_suppliers` AS
  SELECT DISTINCT coalesce(nullif(trim(`company_name`), ''), 'Independent Supplier') AS `name` FROM `products` WHERE `catalog_id` IS NULL;--> statement-breakpoint
INSERT INTO `users` (`id`, `email`, `password_hash`, `created_at`)
  SELECT 'supplier-' || lower(hex(`name`)), 'supplier-' || lower(hex(`name`)) || '@suppliers.invalid', '!', unixepoch() * 1000 FROM `_legacy_suppliers`;--> statement-breakpoint
INSERT INTO `profiles` (`id`, `email`, `full_name`, `company_name`, `country`, `business_type`, `membership_plan`, `created_at`)
  SELECT 'supplier-' || lower(hex(s.`name`)), 'supplier-' || lower(hex(s.`name`)) || '@suppliers.invalid', s.`name`, s.`name`,
    (SELECT `country` FROM `products` WHERE coalesce(nullif(trim(`company_name`), ''), 'Independent Supplier') = s.`name` AND `country` IS NOT NULL LIMIT 1),
    'Sell Only', 'enterprise', unixepoch() * 1000
  FROM `_legacy_suppliers` s;--> statement-breakpoint
INSERT INTO `catalogs` (`id`, `user_id`, `company_name`, `is_premium`, `created_at`)
  SELECT 'company-' || lower(hex(`name`)), 'supplier-' || lower(hex(`name`)), `name`, 1, unixepoch() * 1000 FROM `_legacy_suppliers`;--> statement-breakpoint
UPDATE `products` SET
  `catalog_id` = 'company-' || lower(hex(coalesce(nullif(trim(`company_name`), ''), 'Independent Supplier'))),
  `company_name` = coalesce(nullif(trim(`company_name`), ''), 'Independent Supplier')
WHERE `catalog_id` IS NULL;--> statement-breakpoint
DROP TABLE `_legacy_suppliers`;--> statement-breakpoint
CREATE INDEX `products_catalog_created_idx` ON `products` (`catalog_id`,`created_at`);--> statement-breakpoint
-- A company's name and its owner's country, as its listings show them, follow their edits.
CREATE TRIGGER products_company_name_after_catalog_update AFTER UPDATE OF company_name ON catalogs BEGIN
  UPDATE products SET company_name = new.company_name WHERE catalog_id = new.id;
END;--> statement-breakpoint
CREATE TRIGGER products_country_after_profile_update AFTER UPDATE OF country ON profiles BEGIN
  UPDATE products SET country = new.country WHERE catalog_id IN (SELECT id FROM catalogs WHERE user_id = new.id);
END;
--> statement-breakpoint
-- SQLite cannot make an existing column NOT NULL without rebuilding the table (and a rebuild on D1
-- would run the ON DELETE actions of the tables that point at products): these two say it instead.
CREATE TRIGGER products_need_a_company_insert BEFORE INSERT ON products WHEN new.catalog_id IS NULL BEGIN
  SELECT RAISE(ABORT, 'NOT NULL constraint failed: products.catalog_id');
END;--> statement-breakpoint
CREATE TRIGGER products_need_a_company_update BEFORE UPDATE OF catalog_id ON products WHEN new.catalog_id IS NULL BEGIN
  SELECT RAISE(ABORT, 'NOT NULL constraint failed: products.catalog_id');
END;
