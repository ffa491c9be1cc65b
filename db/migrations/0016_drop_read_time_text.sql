ALTER TABLE `cms_blog_posts` DROP COLUMN `read_time`;--> statement-breakpoint
ALTER TABLE `news_articles` DROP COLUMN `read_time`;