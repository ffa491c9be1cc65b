CREATE TABLE `product_categories` (
	`name` text PRIMARY KEY NOT NULL,
	`product_count` integer DEFAULT 0 NOT NULL
);
