-- A rate an admin changes moves the content version: pages keep their rates per content version
-- (the edge cache's key, the isolate's copy of the rates), so a conversion shows the new rate at once.
CREATE TRIGGER content_version_exchange_rates_insert AFTER INSERT ON exchange_rates BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_exchange_rates_update AFTER UPDATE ON exchange_rates BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER content_version_exchange_rates_delete AFTER DELETE ON exchange_rates BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
