-- Keeps product_categories (distinct categories and their counts) in step with products.
INSERT INTO product_categories (name, product_count)
  SELECT category, count(*) FROM products WHERE true GROUP BY category
  ON CONFLICT(name) DO UPDATE SET product_count = excluded.product_count;
--> statement-breakpoint
CREATE TRIGGER product_categories_after_insert AFTER INSERT ON products BEGIN
  INSERT INTO product_categories (name, product_count) VALUES (new.category, 1)
  ON CONFLICT(name) DO UPDATE SET product_count = product_count + 1;
END;
--> statement-breakpoint
CREATE TRIGGER product_categories_after_delete AFTER DELETE ON products BEGIN
  UPDATE product_categories SET product_count = product_count - 1 WHERE name = old.category;
  DELETE FROM product_categories WHERE name = old.category AND product_count <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER product_categories_after_update AFTER UPDATE OF category ON products
WHEN old.category IS NOT new.category BEGIN
  UPDATE product_categories SET product_count = product_count - 1 WHERE name = old.category;
  DELETE FROM product_categories WHERE name = old.category AND product_count <= 0;
  INSERT INTO product_categories (name, product_count) VALUES (new.category, 1)
  ON CONFLICT(name) DO UPDATE SET product_count = product_count + 1;
END;
