CREATE TABLE `catalog_translations` (
	`catalog_id` text NOT NULL,
	`locale` text NOT NULL,
	`business_description` text,
	`services_description` text,
	`machine` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`catalog_id`, `locale`),
	FOREIGN KEY (`catalog_id`) REFERENCES `catalogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `product_translations` (
	`product_id` integer NOT NULL,
	`locale` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`specifications` text,
	`machine` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`product_id`, `locale`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `catalogs` ADD `original_locale` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `original_locale` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `search_text` text;--> statement-breakpoint
ALTER TABLE `trade_leads` ADD `quantity_value` real;--> statement-breakpoint
ALTER TABLE `trade_leads` ADD `unit` text;--> statement-breakpoint
ALTER TABLE `trade_leads` ADD `target_price` real;--> statement-breakpoint
ALTER TABLE `trade_leads` ADD `target_currency` text;--> statement-breakpoint
ALTER TABLE `trade_leads` ADD `destination_country` text;--> statement-breakpoint
ALTER TABLE `trade_leads` ADD `destination_port` text;--> statement-breakpoint
ALTER TABLE `trade_leads` ADD `incoterm` text;--> statement-breakpoint
ALTER TABLE `trade_leads` ADD `quotes_wanted_by` integer;--> statement-breakpoint
ALTER TABLE `trade_leads` ADD `closed_reason` text;--> statement-breakpoint
ALTER TABLE `trade_leads` ADD `verified_only` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `trade_leads` ADD `supplier_countries` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `trade_leads` ADD `suppliers_told` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `trade_leads` ADD `quote_count` integer DEFAULT 0 NOT NULL;