-- Trust: the business type a supplier sets, company verification (applications, their documents in
-- a private bucket, the verified period on the company).
CREATE TABLE `verifications` (
	`id` text PRIMARY KEY NOT NULL,
	`catalog_id` text NOT NULL,
	`user_id` text NOT NULL,
	`registration_number` text NOT NULL,
	`country` text NOT NULL,
	`address` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`reason` text,
	`decided_at` integer,
	`valid_until` integer,
	`reminded_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`catalog_id`) REFERENCES `catalogs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `verifications_catalog_created_idx` ON `verifications` (`catalog_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `verifications_status_created_idx` ON `verifications` (`status`,`created_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `verifications_one_pending_idx` ON `verifications` (`catalog_id`) WHERE "verifications"."status" = 'pending';
--> statement-breakpoint
CREATE TABLE `verification_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`verification_id` text NOT NULL,
	`object_key` text NOT NULL,
	`filename` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`verification_id`) REFERENCES `verifications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `verification_documents_verification_idx` ON `verification_documents` (`verification_id`);
--> statement-breakpoint
ALTER TABLE `catalogs` ADD `business_type` text;
--> statement-breakpoint
ALTER TABLE `catalogs` ADD `verified_since` integer;
--> statement-breakpoint
ALTER TABLE `catalogs` ADD `verified_until` integer;
--> statement-breakpoint
CREATE INDEX `catalogs_verified_until_idx` ON `catalogs` (`verified_until`) WHERE "catalogs"."verified_until" is not null;
