-- Requests for quotation reach their suppliers (docs/decisions/0019-quotes.md). Each request is
-- addressed to one company (catalog) and its owner; a request whose lines belong to several
-- companies (a cart checked out before this migration) is split into one request per company under
-- the old request's id as the buyer's reference (group_id). Statuses: in progress becomes new, and
-- answered becomes closed (the admin's answer was given outside the platform, no quote exists).
CREATE TABLE `inquiry_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`inquiry_id` text NOT NULL,
	`author_id` text,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`inquiry_id`) REFERENCES `inquiries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `inquiry_messages_inquiry_created_idx` ON `inquiry_messages` (`inquiry_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `quotes` (
	`id` text PRIMARY KEY NOT NULL,
	`inquiry_id` text NOT NULL,
	`currency` text NOT NULL,
	`unit_prices` text NOT NULL,
	`total` real NOT NULL,
	`minimum_order` integer NOT NULL,
	`lead_time_days` integer NOT NULL,
	`incoterm` text NOT NULL,
	`payment_terms` text NOT NULL,
	`valid_until` integer NOT NULL,
	`message` text,
	`status` text DEFAULT 'sent' NOT NULL,
	`revisions` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`inquiry_id`) REFERENCES `inquiries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quotes_inquiry_idx` ON `quotes` (`inquiry_id`);--> statement-breakpoint
ALTER TABLE `catalogs` ADD `response_rate` integer;--> statement-breakpoint
ALTER TABLE `catalogs` ADD `response_minutes` integer;--> statement-breakpoint
ALTER TABLE `inquiries` ADD `catalog_id` text REFERENCES catalogs(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `inquiries` ADD `supplier_id` text REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `inquiries` ADD `group_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `inquiries` ADD `trade_lead_id` text REFERENCES trade_leads(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `inquiries` ADD `supplier_read_at` integer;--> statement-breakpoint
ALTER TABLE `inquiries` ADD `answered_at` integer;--> statement-breakpoint
ALTER TABLE `inquiries` ADD `decline_reason` text;--> statement-breakpoint
CREATE INDEX `inquiries_supplier_created_idx` ON `inquiries` (`supplier_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `inquiries_supplier_unread_idx` ON `inquiries` (`supplier_id`,`supplier_read_at`);--> statement-breakpoint
CREATE INDEX `inquiries_catalog_created_idx` ON `inquiries` (`catalog_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `inquiries_group_idx` ON `inquiries` (`group_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `inquiries_lead_supplier_idx` ON `inquiries` (`trade_lead_id`,`supplier_id`);--> statement-breakpoint
CREATE TABLE `_inquiry_split` (`old_id` text NOT NULL, `catalog_id` text NOT NULL, `new_id` text, `first` integer NOT NULL DEFAULT 0);--> statement-breakpoint
INSERT INTO `_inquiry_split` (`old_id`, `catalog_id`)
  SELECT l.`inquiry_id`, p.`catalog_id` FROM `inquiry_lines` l JOIN `products` p ON p.`id` = l.`product_id`
  GROUP BY l.`inquiry_id`, p.`catalog_id`;--> statement-breakpoint
UPDATE `_inquiry_split` SET `first` = 1 WHERE rowid IN (SELECT min(rowid) FROM `_inquiry_split` GROUP BY `old_id`);--> statement-breakpoint
UPDATE `_inquiry_split` SET `new_id` = CASE WHEN `first` = 1 THEN `old_id` ELSE lower(hex(randomblob(16))) END;--> statement-breakpoint
INSERT INTO `inquiries` (`id`, `user_id`, `name`, `email`, `message`, `source`, `status`, `created_at`, `group_id`)
  SELECT s.`new_id`, i.`user_id`, i.`name`, i.`email`, i.`message`, i.`source`, i.`status`, i.`created_at`, i.`id`
  FROM `_inquiry_split` s JOIN `inquiries` i ON i.`id` = s.`old_id` WHERE s.`first` = 0;--> statement-breakpoint
UPDATE `inquiry_lines` SET `inquiry_id` = (
    SELECT s.`new_id` FROM `_inquiry_split` s JOIN `products` p ON p.`catalog_id` = s.`catalog_id`
    WHERE s.`old_id` = `inquiry_lines`.`inquiry_id` AND p.`id` = `inquiry_lines`.`product_id`)
  WHERE EXISTS (
    SELECT 1 FROM `_inquiry_split` s JOIN `products` p ON p.`catalog_id` = s.`catalog_id`
    WHERE s.`old_id` = `inquiry_lines`.`inquiry_id` AND p.`id` = `inquiry_lines`.`product_id` AND s.`first` = 0);--> statement-breakpoint
UPDATE `inquiries` SET
  `catalog_id` = (SELECT s.`catalog_id` FROM `_inquiry_split` s WHERE s.`new_id` = `inquiries`.`id`),
  `supplier_id` = (SELECT c.`user_id` FROM `_inquiry_split` s JOIN `catalogs` c ON c.`id` = s.`catalog_id` WHERE s.`new_id` = `inquiries`.`id`)
  WHERE `id` IN (SELECT `new_id` FROM `_inquiry_split`);--> statement-breakpoint
UPDATE `inquiries` SET `group_id` = `id` WHERE `group_id` = '';--> statement-breakpoint
UPDATE `inquiries` SET `status` = CASE `status` WHEN 'in_progress' THEN 'new' WHEN 'answered' THEN 'closed' ELSE `status` END
  WHERE `status` IN ('in_progress', 'answered');--> statement-breakpoint
DROP TABLE `_inquiry_split`;
