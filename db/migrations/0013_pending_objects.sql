CREATE TABLE `pending_objects` (
	`bucket` text NOT NULL,
	`key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`bucket`, `key`)
);
--> statement-breakpoint
CREATE INDEX `pending_objects_created_idx` ON `pending_objects` (`created_at`);