-- A topic's latest activity (its creation or newest reply), kept in the row so the category
-- list reads counts and latest activity from one index.
ALTER TABLE `forum_topics` ADD `last_activity_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `forum_topics` SET `last_activity_at` = max(`created_at`, coalesce((SELECT max(r.`created_at`) FROM `forum_replies` r WHERE r.`topic_id` = `forum_topics`.`id`), 0));--> statement-breakpoint
CREATE INDEX `forum_topics_category_activity_idx` ON `forum_topics` (`category_id`,`last_activity_at`);--> statement-breakpoint
CREATE INDEX `private_messages_receiver_unread_idx` ON `private_messages` (`receiver_id`) WHERE "private_messages"."is_read" = 0;--> statement-breakpoint
CREATE INDEX `profiles_paid_name_idx` ON `profiles` (`full_name`,`id`) WHERE "profiles"."membership_plan" <> 'free';
