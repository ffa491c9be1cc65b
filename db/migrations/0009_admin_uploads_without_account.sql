-- Uploads and imported leads may come from the admin gate alone, with no account behind it:
-- user_id becomes optional (and is kept as null when an account is deleted, so business data
-- outlives it). uploaded_files also keeps its R2 object key, which never holds the filename.
-- D1 ignores foreign_keys=OFF; deferring the checks is its way to rebuild a table.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_uploaded_files` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`filename` text NOT NULL,
	`file_type` text NOT NULL,
	`file_size` integer NOT NULL,
	`file_url` text NOT NULL,
	`object_key` text NOT NULL,
	`upload_date` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`status` text DEFAULT 'uploaded' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_uploaded_files`("id", "user_id", "filename", "file_type", "file_size", "file_url", "object_key", "upload_date", "status") SELECT "id", "user_id", "filename", "file_type", "file_size", "file_url", "file_url", "upload_date", "status" FROM `uploaded_files`;--> statement-breakpoint
DROP TABLE `uploaded_files`;--> statement-breakpoint
ALTER TABLE `__new_uploaded_files` RENAME TO `uploaded_files`;--> statement-breakpoint
CREATE INDEX `uploaded_files_date_idx` ON `uploaded_files` (`upload_date`);--> statement-breakpoint
CREATE TABLE `__new_leads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`company_name` text NOT NULL,
	`contact_name` text,
	`email` text,
	`phone` text,
	`country` text,
	`industry` text,
	`status` text,
	`notes` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_leads`("id", "user_id", "company_name", "contact_name", "email", "phone", "country", "industry", "status", "notes", "created_at") SELECT "id", "user_id", "company_name", "contact_name", "email", "phone", "country", "industry", "status", "notes", "created_at" FROM `leads`;--> statement-breakpoint
DROP TABLE `leads`;--> statement-breakpoint
ALTER TABLE `__new_leads` RENAME TO `leads`;--> statement-breakpoint
PRAGMA defer_foreign_keys = off;--> statement-breakpoint
CREATE INDEX `leads_created_idx` ON `leads` (`created_at`);
