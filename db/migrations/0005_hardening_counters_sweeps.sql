-- Counts of active trade leads per type, kept by triggers (as product_categories is kept), so the
-- board reads two rows instead of scanning every lead on each view.
CREATE TABLE `trade_lead_counts` (
	`lead_type` text PRIMARY KEY NOT NULL,
	`active_count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `trade_lead_counts` (`lead_type`, `active_count`) VALUES ('buy', 0), ('sell', 0);
--> statement-breakpoint
INSERT INTO `trade_lead_counts` (`lead_type`, `active_count`)
  SELECT lead_type, count(*) FROM trade_leads WHERE is_active = 1 GROUP BY lead_type
  ON CONFLICT(`lead_type`) DO UPDATE SET active_count = excluded.active_count;
--> statement-breakpoint
CREATE TRIGGER trade_lead_counts_after_insert AFTER INSERT ON trade_leads WHEN new.is_active BEGIN
  INSERT INTO trade_lead_counts (lead_type, active_count) VALUES (new.lead_type, 1)
  ON CONFLICT(lead_type) DO UPDATE SET active_count = active_count + 1;
END;
--> statement-breakpoint
CREATE TRIGGER trade_lead_counts_after_delete AFTER DELETE ON trade_leads WHEN old.is_active BEGIN
  UPDATE trade_lead_counts SET active_count = active_count - 1 WHERE lead_type = old.lead_type;
END;
--> statement-breakpoint
CREATE TRIGGER trade_lead_counts_after_update AFTER UPDATE OF is_active, lead_type ON trade_leads
WHEN old.is_active IS NOT new.is_active OR old.lead_type IS NOT new.lead_type BEGIN
  UPDATE trade_lead_counts SET active_count = active_count - 1 WHERE lead_type = old.lead_type AND old.is_active;
  INSERT INTO trade_lead_counts (lead_type, active_count) SELECT new.lead_type, 1 WHERE new.is_active
  ON CONFLICT(lead_type) DO UPDATE SET active_count = active_count + 1;
END;
--> statement-breakpoint
-- The sweeper's deletes walk an index: ended rate-limit windows, and guest carts (no owner) by age.
CREATE INDEX `rate_limits_window_idx` ON `rate_limits` (`window_ends_at`);
--> statement-breakpoint
CREATE INDEX `carts_guest_updated_idx` ON `carts` (`updated_at`) WHERE user_id IS NULL;
