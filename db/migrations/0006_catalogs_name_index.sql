-- The companies directory lists catalogs alphabetically, case-insensitively;
-- the id breaks ties, so a page needs no sort.
CREATE INDEX `catalogs_name_idx` ON `catalogs` (company_name collate nocase,`id`);
