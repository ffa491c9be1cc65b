ALTER TABLE `products` ADD `supplier_signals` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `products_price_asc_idx` ON `products` (ifnull("price_usd", 1e308));--> statement-breakpoint
CREATE INDEX `products_category_price_asc_idx` ON `products` (`category`, ifnull("price_usd", 1e308));--> statement-breakpoint
CREATE INDEX `products_price_idx` ON `products` (`price_usd`);--> statement-breakpoint
CREATE INDEX `products_category_price_idx` ON `products` (`category`,`price_usd`);--> statement-breakpoint
CREATE INDEX `products_moq_idx` ON `products` (`moq`);--> statement-breakpoint
CREATE INDEX `products_category_moq_idx` ON `products` (`category`,`moq`);--> statement-breakpoint
ALTER TABLE `saved_searches` ADD `filters` text;