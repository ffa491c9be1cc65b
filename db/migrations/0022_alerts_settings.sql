-- Notification settings per kind (at once, daily digest, off), saved searches (trade alerts), a
-- change of e-mail address by a verified link, and the one-click unsubscribe of each message.
CREATE TABLE `notification_settings` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`delivery` text NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `saved_searches` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`scope` text NOT NULL,
	`search` text,
	`category` text,
	`lead_type` text,
	`cursor` integer NOT NULL,
	`paused_at` integer,
	`checked_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_searches_user_idx` ON `saved_searches` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `saved_searches_due_idx` ON `saved_searches` (`checked_at`) WHERE "saved_searches"."paused_at" is null;--> statement-breakpoint
ALTER TABLE `auth_tokens` ADD `new_email` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `delivery` text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE `notifications` ADD `emailed_at` integer;--> statement-breakpoint
CREATE INDEX `notifications_email_due_idx` ON `notifications` (`delivery`,`kind`,`user_id`) WHERE "notifications"."emailed_at" is null;--> statement-breakpoint
ALTER TABLE `outbox` ADD `unsubscribe_topic` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `unsubscribe_url` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `digest_sent_at` integer;