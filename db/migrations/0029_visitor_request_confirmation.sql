ALTER TABLE `inquiries` ADD `confirm_token_hash` text;--> statement-breakpoint
CREATE INDEX `inquiries_confirm_token_idx` ON `inquiries` (`confirm_token_hash`);