CREATE TABLE `exchange_rates` (
	`currency` text PRIMARY KEY NOT NULL,
	`per_usd` real NOT NULL,
	`as_of` text NOT NULL,
	`updated_at` integer,
	`updated_by` text,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `products` ADD `unit` text DEFAULT 'piece' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `moq` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `price_tiers` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `price_usd` real;--> statement-breakpoint
ALTER TABLE `products` ADD `lead_time_min` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `lead_time_max` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `samples` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `sample_price` real;--> statement-breakpoint
ALTER TABLE `products` ADD `supply_per_month` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `port_of_loading` text;--> statement-breakpoint
ALTER TABLE `products` ADD `payment_terms` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `incoterms` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `trade_notes` text;--> statement-breakpoint
-- Fixed rates, dated: admins replace them at /admin/currencies.
INSERT INTO `exchange_rates` (`currency`, `per_usd`, `as_of`) VALUES
  ('USD', 1, '2026-11-02'), ('EUR', 0.87, '2026-11-02'), ('GBP', 0.76, '2026-11-02'),
  ('CNY', 7.12, '2026-11-02'), ('INR', 88.6, '2026-11-02'), ('JPY', 154.0, '2026-11-02');
--> statement-breakpoint
-- Today's single price becomes the one tier, from the MOQ.
UPDATE `products` SET `price_tiers` = json_array(json_object('from', `moq`, 'price', `price`)) WHERE `price` IS NOT NULL;
--> statement-breakpoint
UPDATE `products` SET `price_usd` = `price` / (SELECT `per_usd` FROM `exchange_rates` r WHERE r.`currency` = `products`.`currency`) WHERE `price` IS NOT NULL;
--> statement-breakpoint
-- The search index is rewritten only when what it indexes changes, not when a price or a term does
-- (a change of rates rewrites every listing's `price_usd`).
DROP TRIGGER `products_fts_after_update`;
--> statement-breakpoint
CREATE TRIGGER `products_fts_after_update` AFTER UPDATE OF `title`, `category`, `description`, `company_name` ON `products` BEGIN
  INSERT INTO products_fts(products_fts, rowid, title, category, description, company_name)
  VALUES ('delete', old.id, old.title, old.category, old.description, old.company_name);
  INSERT INTO products_fts(rowid, title, category, description, company_name)
  VALUES (new.id, new.title, new.category, new.description, new.company_name);
END;
