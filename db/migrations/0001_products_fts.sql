-- Full-text index over products (drizzle-kit cannot generate virtual tables).
-- External content: the index stores only tokens; rows stay in products, kept in sync by triggers.
CREATE VIRTUAL TABLE products_fts USING fts5(
  title, category, description, company_name,
  content='products', content_rowid='id',
  tokenize='unicode61 remove_diacritics 2',
  prefix='2 3'
);
--> statement-breakpoint
CREATE TRIGGER products_fts_after_insert AFTER INSERT ON products BEGIN
  INSERT INTO products_fts(rowid, title, category, description, company_name)
  VALUES (new.id, new.title, new.category, new.description, new.company_name);
END;
--> statement-breakpoint
CREATE TRIGGER products_fts_after_delete AFTER DELETE ON products BEGIN
  INSERT INTO products_fts(products_fts, rowid, title, category, description, company_name)
  VALUES ('delete', old.id, old.title, old.category, old.description, old.company_name);
END;
--> statement-breakpoint
CREATE TRIGGER products_fts_after_update AFTER UPDATE ON products BEGIN
  INSERT INTO products_fts(products_fts, rowid, title, category, description, company_name)
  VALUES ('delete', old.id, old.title, old.category, old.description, old.company_name);
  INSERT INTO products_fts(rowid, title, category, description, company_name)
  VALUES (new.id, new.title, new.category, new.description, new.company_name);
END;
