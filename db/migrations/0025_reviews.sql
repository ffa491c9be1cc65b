-- Reviews from real deals: a buyer whose quote was accepted reviews the supplier once per request.
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`inquiry_id` text NOT NULL,
	`catalog_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`described` integer NOT NULL,
	`communication` integer NOT NULL,
	`delivery` integer NOT NULL,
	`comment` text NOT NULL,
	`edited_at` integer,
	`reply` text,
	`replied_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`inquiry_id`) REFERENCES `inquiries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`catalog_id`) REFERENCES `catalogs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_inquiry_idx` ON `reviews` (`inquiry_id`);--> statement-breakpoint
CREATE INDEX `reviews_catalog_created_idx` ON `reviews` (`catalog_id`,`created_at`);