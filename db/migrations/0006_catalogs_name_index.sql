-- The companies directory lists catalogs alphabetically, case-insensitively (DECISIONS 21).
CREATE INDEX `catalogs_name_idx` ON `catalogs` (company_name collate nocase);
