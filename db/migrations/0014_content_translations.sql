CREATE TABLE `cms_blog_post_translations` (
	`post_id` text NOT NULL,
	`language` text NOT NULL,
	`title` text,
	`excerpt` text,
	`content` text,
	`category` text,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`post_id`, `language`),
	FOREIGN KEY (`post_id`) REFERENCES `cms_blog_posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `cms_content_translations` (
	`content_id` text NOT NULL,
	`language` text NOT NULL,
	`title` text,
	`subtitle` text,
	`content` text,
	`metadata` text,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`content_id`, `language`),
	FOREIGN KEY (`content_id`) REFERENCES `cms_content`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `news_article_translations` (
	`article_id` text NOT NULL,
	`language` text NOT NULL,
	`title` text,
	`excerpt` text,
	`content` text,
	`category` text,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`article_id`, `language`),
	FOREIGN KEY (`article_id`) REFERENCES `news_articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `cms_blog_posts` ADD `read_minutes` integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE `news_articles` ADD `read_minutes` integer DEFAULT 5 NOT NULL;