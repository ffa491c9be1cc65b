ALTER TABLE `cms_blog_posts` ADD `slug` text;--> statement-breakpoint
CREATE UNIQUE INDEX `blog_slug_idx` ON `cms_blog_posts` (`slug`);--> statement-breakpoint
CREATE INDEX `inquiries_status_created_idx` ON `inquiries` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `page_views_created_path_idx` ON `page_views` (`created_at`,`path`);--> statement-breakpoint
CREATE TABLE `analytics_visitor_days` (
	`day` text NOT NULL,
	`visitor_hash` text NOT NULL,
	`views` integer NOT NULL,
	`first_at` integer NOT NULL,
	`last_at` integer NOT NULL,
	`device` text NOT NULL,
	`country` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`day`, `visitor_hash`)
);
--> statement-breakpoint
CREATE INDEX `analytics_visitor_days_last_idx` ON `analytics_visitor_days` (`day`,`last_at`,`first_at`,`views`,`device`,`country`);--> statement-breakpoint
CREATE TABLE `analytics_days` (
	`day` text PRIMARY KEY NOT NULL,
	`visitors` integer DEFAULT 0 NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`bounces` integer DEFAULT 0 NOT NULL,
	`duration_ms` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `analytics_page_days` (
	`day` text NOT NULL,
	`path` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `path`)
);
--> statement-breakpoint
CREATE INDEX `analytics_page_days_views_idx` ON `analytics_page_days` (`day`,`views`,`path`);--> statement-breakpoint
CREATE INDEX `analytics_page_days_path_idx` ON `analytics_page_days` (`path`,`day`,`views`);--> statement-breakpoint
CREATE TABLE `analytics_segment_days` (
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`value` text NOT NULL,
	`visitors` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `kind`, `value`)
);
--> statement-breakpoint
CREATE INDEX `analytics_segment_days_kind_idx` ON `analytics_segment_days` (`kind`,`day`,`value`,`visitors`);
