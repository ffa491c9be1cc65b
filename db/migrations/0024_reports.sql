-- Reports of fraud and abuse, and the suspension of an account (its companies hidden with it).
CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`reporter_id` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`owner_id` text,
	`reason` text NOT NULL,
	`details` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`decided_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_one_open_idx` ON `reports` (`reporter_id`,`target_type`,`target_id`) WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX `reports_status_target_idx` ON `reports` (`status`,`target_type`,`target_id`);--> statement-breakpoint
CREATE INDEX `reports_owner_idx` ON `reports` (`owner_id`);--> statement-breakpoint
ALTER TABLE `catalogs` ADD `hidden` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `catalogs_hidden_idx` ON `catalogs` (`id`) WHERE "catalogs"."hidden" = 1;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_at` integer;--> statement-breakpoint
CREATE INDEX `users_suspended_idx` ON `users` (`id`) WHERE "users"."suspended_at" is not null;