CREATE TABLE `price_recomputes` (
	`currency` text PRIMARY KEY NOT NULL,
	`after_id` integer DEFAULT 0 NOT NULL,
	`generation` integer DEFAULT 1 NOT NULL,
	`requested_at` integer NOT NULL
);
