CREATE TABLE `catalog_categories` (
	`catalog_id` text NOT NULL,
	`category` text NOT NULL,
	`listing_count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`catalog_id`, `category`),
	FOREIGN KEY (`catalog_id`) REFERENCES `catalogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `catalog_categories_category_idx` ON `catalog_categories` (`category`,`catalog_id`);--> statement-breakpoint
ALTER TABLE `catalogs` ADD `country` text;--> statement-breakpoint
ALTER TABLE `catalogs` ADD `listing_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `catalogs_directory_facets_idx` ON `catalogs` (`country`,`business_type`,`response_rate`,`verified_since`,`id`,`hidden`) WHERE "catalogs"."hidden" = 0;--> statement-breakpoint
CREATE INDEX `catalogs_directory_best_idx` ON `catalogs` (("verified_since" is not null),`response_rate`,`listing_count`,`id`) WHERE "catalogs"."hidden" = 0;--> statement-breakpoint
CREATE INDEX `catalogs_directory_rate_idx` ON `catalogs` (`response_rate`,`listing_count`,`id`) WHERE "catalogs"."hidden" = 0;--> statement-breakpoint
CREATE INDEX `catalogs_directory_newest_idx` ON `catalogs` (`created_at`,`id`,`hidden`) WHERE "catalogs"."hidden" = 0;