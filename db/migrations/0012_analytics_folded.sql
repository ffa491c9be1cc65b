CREATE TABLE `analytics_folded` (
	`id` integer PRIMARY KEY NOT NULL,
	`through_id` integer NOT NULL
);
--> statement-breakpoint
-- Every view written so far was folded into the rollups as it was written.
INSERT INTO `analytics_folded` (`id`, `through_id`) SELECT 1, coalesce(max(`id`), 0) FROM `page_views`;
