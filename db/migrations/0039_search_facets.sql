-- The search index holds only the listings buyers may see, with their filterable terms as words
-- (docs/decisions/0029-search-filters-and-best-match.md). It was an external-content index of every
-- listing, and each search left out the hidden ones by probing a list of their ids once per match
-- (D1 counted every probe as a row read: 34,756 rows for a common word, goal 20,000). Now hiding a
-- listing or its company takes it out of the index, and the filters (supplier country, verified,
-- business type, response rate, samples, MOQ, lead time and price bands) are words of a fifth
-- column, `facets`, matched inside the index: D1 counts only the matches a statement returns.
-- Contentless with contentless_delete (SQLite 3.43): a row leaves the index by its rowid alone,
-- so no trigger has to know what the row held when it was indexed.
DROP TRIGGER IF EXISTS products_fts_after_insert;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_fts_after_delete;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_fts_after_update;
--> statement-breakpoint
DROP TABLE IF EXISTS products_fts;
--> statement-breakpoint
CREATE VIRTUAL TABLE products_fts USING fts5(
  title, category, description, company_name, facets,
  content='', contentless_delete=1,
  tokenize='unicode61 remove_diacritics 2',
  prefix='2 3'
);
--> statement-breakpoint
-- The filter words' index (fts5vocab): which supplier countries have listings, and how many.
CREATE VIRTUAL TABLE products_fts_terms USING fts5vocab(products_fts, 'col');
--> statement-breakpoint
-- What the index holds for each listing buyers may see: its text, and its filter words
-- (app/lib/product-filters.ts builds the same words; its constants MOQ_STEPS, LEAD_TIME_STEPS and
-- PRICE_STEPS_USD are the numbers below). Every listing has "xall".
CREATE VIEW product_search_documents AS
SELECT p.id, p.catalog_id, p.title, p.category, p.description, p.company_name,
  'xall'
    || CASE WHEN p.country IS NULL THEN '' ELSE ' xc' || lower(replace(replace(replace(replace(replace(replace(replace(p.country, ' ', ''), '&', ''), '-', ''), '’', ''), '(', ''), ')', ''), '.', '')) END
    || CASE WHEN c.verified_until IS NOT NULL THEN ' xverified' ELSE '' END
    || CASE WHEN c.business_type IS NOT NULL THEN ' xb' || replace(c.business_type, '_', '') ELSE '' END
    || CASE WHEN c.response_rate >= 90 THEN ' xr80 xr90' WHEN c.response_rate >= 80 THEN ' xr80' ELSE '' END
    || CASE WHEN p.samples THEN ' xsamples' ELSE '' END
    || CASE WHEN p.moq <= 1 THEN ' xm1' ELSE '' END
    || CASE WHEN p.moq <= 10 THEN ' xm10' ELSE '' END
    || CASE WHEN p.moq <= 50 THEN ' xm50' ELSE '' END
    || CASE WHEN p.moq <= 100 THEN ' xm100' ELSE '' END
    || CASE WHEN p.moq <= 500 THEN ' xm500' ELSE '' END
    || CASE WHEN p.moq <= 1000 THEN ' xm1000' ELSE '' END
    || CASE WHEN p.moq <= 5000 THEN ' xm5000' ELSE '' END
    || CASE WHEN p.moq <= 10000 THEN ' xm10000' ELSE '' END
    || CASE WHEN coalesce(p.lead_time_max, p.lead_time_min) <= 7 THEN ' xl7' ELSE '' END
    || CASE WHEN coalesce(p.lead_time_max, p.lead_time_min) <= 15 THEN ' xl15' ELSE '' END
    || CASE WHEN coalesce(p.lead_time_max, p.lead_time_min) <= 30 THEN ' xl30' ELSE '' END
    || CASE WHEN coalesce(p.lead_time_max, p.lead_time_min) <= 45 THEN ' xl45' ELSE '' END
    || CASE WHEN coalesce(p.lead_time_max, p.lead_time_min) <= 60 THEN ' xl60' ELSE '' END
    || CASE WHEN coalesce(p.lead_time_max, p.lead_time_min) <= 90 THEN ' xl90' ELSE '' END
    || CASE WHEN p.price_usd IS NULL THEN ' xpnone' ELSE ' xp' || ((p.price_usd >= 0.1) + (p.price_usd >= 0.5) + (p.price_usd >= 1) + (p.price_usd >= 2) + (p.price_usd >= 5) + (p.price_usd >= 10) + (p.price_usd >= 20) + (p.price_usd >= 50) + (p.price_usd >= 100) + (p.price_usd >= 200) + (p.price_usd >= 500) + (p.price_usd >= 1000) + (p.price_usd >= 2000) + (p.price_usd >= 5000) + (p.price_usd >= 10000) + (p.price_usd >= 50000)) END
  AS facets
FROM products p LEFT JOIN catalogs c ON c.id = p.catalog_id
WHERE p.hidden_reason IS NULL AND coalesce(c.hidden, 0) = 0;
--> statement-breakpoint
INSERT INTO products_fts(rowid, title, category, description, company_name, facets)
    SELECT id, title, category, description, company_name, facets FROM product_search_documents;
--> statement-breakpoint
CREATE TRIGGER products_fts_after_insert AFTER INSERT ON products BEGIN
  INSERT INTO products_fts(rowid, title, category, description, company_name, facets)
    SELECT id, title, category, description, company_name, facets FROM product_search_documents WHERE id = new.id;
END;
--> statement-breakpoint
-- Best match weighs the supplier's signals (docs/decisions/0029-search-filters-and-best-match.md):
-- kept on each listing, so a search reads one row per match rather than its company too.
UPDATE products SET supplier_signals = (SELECT (c.verified_until IS NOT NULL) + 2 * (coalesce(c.response_rate, 0) >= 80) + 4 * (coalesce(c.response_rate, 0) >= 90) FROM catalogs c WHERE c.id = products.catalog_id)
WHERE catalog_id IN (SELECT id FROM catalogs c WHERE (c.verified_until IS NOT NULL) + 2 * (coalesce(c.response_rate, 0) >= 80) + 4 * (coalesce(c.response_rate, 0) >= 90) != 0);
--> statement-breakpoint
CREATE TRIGGER products_supplier_signals_after_insert AFTER INSERT ON products BEGIN
  UPDATE products SET supplier_signals = (SELECT (c.verified_until IS NOT NULL) + 2 * (coalesce(c.response_rate, 0) >= 80) + 4 * (coalesce(c.response_rate, 0) >= 90) FROM catalogs c WHERE c.id = new.catalog_id)
  WHERE id = new.id AND EXISTS (SELECT 1 FROM catalogs c WHERE c.id = new.catalog_id AND (c.verified_until IS NOT NULL) + 2 * (coalesce(c.response_rate, 0) >= 80) + 4 * (coalesce(c.response_rate, 0) >= 90) != 0);
END;
--> statement-breakpoint
CREATE TRIGGER products_supplier_signals_after_move AFTER UPDATE OF catalog_id ON products BEGIN
  UPDATE products SET supplier_signals = coalesce((SELECT (c.verified_until IS NOT NULL) + 2 * (coalesce(c.response_rate, 0) >= 80) + 4 * (coalesce(c.response_rate, 0) >= 90) FROM catalogs c WHERE c.id = new.catalog_id), 0) WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER products_fts_after_delete AFTER DELETE ON products BEGIN
  DELETE FROM products_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER products_fts_after_update AFTER UPDATE OF title, category, description, company_name, country, samples, moq, lead_time_min, lead_time_max, hidden_reason, catalog_id ON products BEGIN
  DELETE FROM products_fts WHERE rowid = old.id;
  INSERT INTO products_fts(rowid, title, category, description, company_name, facets)
    SELECT id, title, category, description, company_name, facets FROM product_search_documents WHERE id = new.id;
END;
--> statement-breakpoint
-- A change of rates rewrites every price_usd: only a listing whose price band changes is indexed again.
CREATE TRIGGER products_fts_after_price_update AFTER UPDATE OF price_usd ON products
WHEN (old.price_usd IS NULL) != (new.price_usd IS NULL)
  OR ((old.price_usd >= 0.1) + (old.price_usd >= 0.5) + (old.price_usd >= 1) + (old.price_usd >= 2) + (old.price_usd >= 5) + (old.price_usd >= 10) + (old.price_usd >= 20) + (old.price_usd >= 50) + (old.price_usd >= 100) + (old.price_usd >= 200) + (old.price_usd >= 500) + (old.price_usd >= 1000) + (old.price_usd >= 2000) + (old.price_usd >= 5000) + (old.price_usd >= 10000) + (old.price_usd >= 50000)) != ((new.price_usd >= 0.1) + (new.price_usd >= 0.5) + (new.price_usd >= 1) + (new.price_usd >= 2) + (new.price_usd >= 5) + (new.price_usd >= 10) + (new.price_usd >= 20) + (new.price_usd >= 50) + (new.price_usd >= 100) + (new.price_usd >= 200) + (new.price_usd >= 500) + (new.price_usd >= 1000) + (new.price_usd >= 2000) + (new.price_usd >= 5000) + (new.price_usd >= 10000) + (new.price_usd >= 50000))
BEGIN
  DELETE FROM products_fts WHERE rowid = old.id;
  INSERT INTO products_fts(rowid, title, category, description, company_name, facets)
    SELECT id, title, category, description, company_name, facets FROM product_search_documents WHERE id = new.id;
END;
--> statement-breakpoint
-- A company verified or lapsed, its business type, its response rate crossing 80 or 90 %, hidden or
-- shown: its listings are indexed again (only then: most response-rate updates cross no band).
CREATE TRIGGER products_fts_after_catalog_update AFTER UPDATE OF verified_until, business_type, response_rate, hidden ON catalogs
WHEN (old.verified_until IS NULL) != (new.verified_until IS NULL)
  OR old.business_type IS NOT new.business_type
  OR old.hidden != new.hidden
  OR (CASE WHEN old.response_rate >= 90 THEN 2 WHEN old.response_rate >= 80 THEN 1 ELSE 0 END)
    != (CASE WHEN new.response_rate >= 90 THEN 2 WHEN new.response_rate >= 80 THEN 1 ELSE 0 END)
BEGIN
  UPDATE products SET supplier_signals = (new.verified_until IS NOT NULL) + 2 * (coalesce(new.response_rate, 0) >= 80) + 4 * (coalesce(new.response_rate, 0) >= 90) WHERE catalog_id = new.id AND supplier_signals != (new.verified_until IS NOT NULL) + 2 * (coalesce(new.response_rate, 0) >= 80) + 4 * (coalesce(new.response_rate, 0) >= 90);
  DELETE FROM products_fts WHERE rowid IN (SELECT id FROM products WHERE catalog_id = new.id);
  INSERT INTO products_fts(rowid, title, category, description, company_name, facets)
    SELECT id, title, category, description, company_name, facets FROM product_search_documents WHERE catalog_id = new.id;
END;
