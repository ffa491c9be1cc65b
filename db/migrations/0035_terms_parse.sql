-- Issue 39: today's free-text minimum orders become an MOQ and a unit where they parse ("500
-- pieces", "1,000 kg", "10 tons", "1 x 20' container", "MOQ: 200 pcs"), and today's specifications
-- (a JSON object) become rows of name and value. What does not parse is kept in `trade_notes`,
-- which the listing's page shows as notes: an unparsed minimum order as "MOQ: <text>", plain-text
-- specifications (stored as {"notes": text}) as they were, rows past the 20th as "name: value"
-- lines. `minimum_order` itself is left as it was (nothing reads it any more).
--
-- A migration cannot run JavaScript: the parse is SQL, on a work table dropped at the end.
CREATE TABLE `_terms_parse` (
  `id` integer PRIMARY KEY NOT NULL,
  `src` text NOT NULL,
  `s` text NOT NULL,
  `num` text,
  `rest` text,
  `qty` integer,
  `unit` text
);
--> statement-breakpoint
INSERT INTO `_terms_parse` (`id`, `src`, `s`)
SELECT `id`, `minimum_order`, lower(trim(`minimum_order`)) FROM `products`
WHERE `minimum_order` IS NOT NULL AND trim(`minimum_order`) <> '';
--> statement-breakpoint
-- A label in front of the quantity ("MOQ: 500 pieces", "Min. order 100 pcs") goes.
UPDATE `_terms_parse` SET `s` = trim(substr(`s`, 15)) WHERE `s` LIKE 'minimum order:%';
--> statement-breakpoint
UPDATE `_terms_parse` SET `s` = trim(substr(`s`, 14)) WHERE `s` LIKE 'minimum order%';
--> statement-breakpoint
UPDATE `_terms_parse` SET `s` = trim(substr(`s`, 12)) WHERE `s` LIKE 'min. order:%';
--> statement-breakpoint
UPDATE `_terms_parse` SET `s` = trim(substr(`s`, 11)) WHERE `s` LIKE 'min. order%';
--> statement-breakpoint
UPDATE `_terms_parse` SET `s` = trim(substr(`s`, 5)) WHERE `s` LIKE 'moq:%';
--> statement-breakpoint
UPDATE `_terms_parse` SET `s` = trim(substr(`s`, 4)) WHERE `s` LIKE 'moq %';
--> statement-breakpoint
-- The number is the run of digits (and separators) it starts with; the rest names the unit.
UPDATE `_terms_parse` SET
  `num` = substr(`s`, 1, length(`s`) - length(ltrim(`s`, '0123456789,.'))),
  `rest` = trim(ltrim(`s`, '0123456789,.'));
--> statement-breakpoint
-- "500+ pieces", "1 x 20' container", "1x40HQ", "100 pieces." and "10 tons minimum" name a unit too.
UPDATE `_terms_parse` SET `rest` = trim(substr(`rest`, 2)) WHERE `rest` LIKE '+%';
--> statement-breakpoint
UPDATE `_terms_parse` SET `rest` = trim(substr(`rest`, 2)) WHERE `rest` LIKE 'x%' AND (substr(`rest`, 2, 1) = ' ' OR substr(`rest`, 2, 1) BETWEEN '0' AND '9');
--> statement-breakpoint
UPDATE `_terms_parse` SET `rest` = trim(substr(`rest`, 1, length(`rest`) - 1)) WHERE `rest` LIKE '%.';
--> statement-breakpoint
UPDATE `_terms_parse` SET `rest` = trim(substr(`rest`, 1, length(`rest`) - 7)) WHERE `rest` LIKE '% minimum';
--> statement-breakpoint
-- A whole number, its thousands separated by commas or not: "500", "1,000", "12,500,000" (not "2.5", "1,5").
UPDATE `_terms_parse` SET `qty` = CAST(replace(`num`, ',', '') AS integer)
WHERE `num` <> '' AND instr(`num`, '.') = 0 AND (
  (instr(`num`, ',') = 0 AND `num` GLOB '[0-9]*' AND length(`num`) <= 9)
  OR `num` GLOB '[0-9],[0-9][0-9][0-9]'
  OR `num` GLOB '[0-9][0-9],[0-9][0-9][0-9]'
  OR `num` GLOB '[0-9][0-9][0-9],[0-9][0-9][0-9]'
  OR `num` GLOB '[0-9],[0-9][0-9][0-9],[0-9][0-9][0-9]'
  OR `num` GLOB '[0-9][0-9],[0-9][0-9][0-9],[0-9][0-9][0-9]'
);
--> statement-breakpoint
UPDATE `_terms_parse` SET `qty` = NULL WHERE `qty` < 1 OR `qty` > 100000000;
--> statement-breakpoint
UPDATE `_terms_parse` SET `unit` = CASE
  WHEN `rest` IN ('', 'piece', 'pieces', 'pcs', 'pc', 'pce', 'pcs.', 'unit', 'units', 'nos', 'items') THEN 'piece'
  WHEN `rest` IN ('pair', 'pairs', 'prs') THEN 'pair'
  WHEN `rest` IN ('set', 'sets') THEN 'set'
  WHEN `rest` IN ('dozen', 'dozens', 'doz', 'dz') THEN 'dozen'
  WHEN `rest` IN ('box', 'boxes') THEN 'box'
  WHEN `rest` IN ('carton', 'cartons', 'ctn', 'ctns') THEN 'carton'
  WHEN `rest` IN ('bag', 'bags') THEN 'bag'
  WHEN `rest` IN ('roll', 'rolls') THEN 'roll'
  WHEN `rest` IN ('pallet', 'pallets') THEN 'pallet'
  WHEN `rest` IN ('kg', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms', 'kilogramme', 'kilogrammes') THEN 'kilogram'
  WHEN `rest` IN ('t', 'mt', 'ton', 'tons', 'tonne', 'tonnes', 'metric ton', 'metric tons', 'metric tonne', 'metric tonnes') THEN 'metric_ton'
  WHEN `rest` IN ('l', 'ltr', 'ltrs', 'litre', 'litres', 'liter', 'liters') THEN 'litre'
  WHEN `rest` IN ('cbm', 'm3', 'm³', 'cubic metre', 'cubic metres', 'cubic meter', 'cubic meters') THEN 'cubic_metre'
  WHEN `rest` IN ('m', 'mtr', 'mtrs', 'metre', 'metres', 'meter', 'meters') THEN 'metre'
  WHEN `rest` IN ('sqm', 'm2', 'm²', 'sq m', 'sq. m', 'square metre', 'square metres', 'square meter', 'square meters') THEN 'square_metre'
  WHEN `rest` IN ('container', 'containers', 'fcl', '20ft', '20 ft', '20''', '20gp', '20''gp') THEN 'container_20'
  WHEN `rest` IN ('40ft', '40 ft', '40''', '40gp', '40hq', '40hc', '40''hq', '40''hc') THEN 'container_40'
  WHEN (`rest` LIKE '20%' AND (`rest` LIKE '%container%' OR `rest` LIKE '%fcl%' OR `rest` LIKE '%gp%'))
    AND NOT `rest` LIKE '200%' THEN 'container_20'
  WHEN (`rest` LIKE '40%' AND (`rest` LIKE '%container%' OR `rest` LIKE '%fcl%' OR `rest` LIKE '%gp%' OR `rest` LIKE '%hq%' OR `rest` LIKE '%hc%'))
    AND NOT `rest` LIKE '400%' THEN 'container_40'
END
WHERE `qty` IS NOT NULL;
--> statement-breakpoint
UPDATE `products` SET
  `moq` = (SELECT `qty` FROM `_terms_parse` p WHERE p.`id` = `products`.`id`),
  `unit` = (SELECT `unit` FROM `_terms_parse` p WHERE p.`id` = `products`.`id`)
WHERE `id` IN (SELECT `id` FROM `_terms_parse` WHERE `qty` IS NOT NULL AND `unit` IS NOT NULL);
--> statement-breakpoint
-- The one tier migration 0032 made starts at the MOQ.
UPDATE `products` SET `price_tiers` = json_set(`price_tiers`, '$[0].from', `moq`)
WHERE json_array_length(`price_tiers`) > 0 AND json_extract(`price_tiers`, '$[0].from') <> `moq`;
--> statement-breakpoint
UPDATE `products` SET `trade_notes` = 'MOQ: ' || trim(`minimum_order`)
WHERE `id` IN (SELECT `id` FROM `_terms_parse` WHERE `qty` IS NULL OR `unit` IS NULL);
--> statement-breakpoint
DROP TABLE `_terms_parse`;
--> statement-breakpoint
-- Specifications: plain text (stored as {"notes": text}) joins the notes...
UPDATE `products` SET `trade_notes` = CASE
    WHEN `trade_notes` IS NULL THEN json_extract(`specifications`, '$.notes')
    ELSE `trade_notes` || char(10) || json_extract(`specifications`, '$.notes')
  END
WHERE json_valid(`specifications`) AND json_type(`specifications`) = 'object'
  AND json_type(`specifications`, '$.notes') = 'text' AND trim(json_extract(`specifications`, '$.notes')) <> '';
--> statement-breakpoint
-- ...rows past the 20th join them as "name: value" lines...
UPDATE `products` SET `trade_notes` = coalesce(`trade_notes` || char(10), '') || (
    SELECT group_concat(`line`, char(10)) FROM (
      SELECT e.`key` || ': ' || CASE e.`type` WHEN 'null' THEN '' WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE CAST(e.`value` AS text) END AS `line`,
        row_number() OVER (ORDER BY e.`id`) AS `n`
      FROM json_each(`products`.`specifications`) e
      WHERE NOT (e.`key` = 'notes' AND e.`type` = 'text') AND e.`type` <> 'null'
      ORDER BY e.`id`
    ) WHERE `n` > 20
  )
WHERE json_valid(`specifications`) AND json_type(`specifications`) = 'object' AND (
  SELECT count(*) FROM json_each(`products`.`specifications`) e WHERE NOT (e.`key` = 'notes' AND e.`type` = 'text') AND e.`type` <> 'null'
) > 20;
--> statement-breakpoint
-- ...and the rest become rows, in their order (empty values left out); none left: null.
UPDATE `products` SET `specifications` = (
    SELECT CASE WHEN count(*) = 0 THEN NULL ELSE json_group_array(json_object('name', `name`, 'value', `value`)) END FROM (
      SELECT e.`key` AS `name`,
        CASE e.`type` WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE CAST(e.`value` AS text) END AS `value`
      FROM json_each(`products`.`specifications`) e
      WHERE NOT (e.`key` = 'notes' AND e.`type` = 'text') AND e.`type` <> 'null' AND trim(CAST(e.`value` AS text)) <> ''
      ORDER BY e.`id`
      LIMIT 20
    )
  )
WHERE json_valid(`specifications`) AND json_type(`specifications`) = 'object';
--> statement-breakpoint
-- Anything else that is not rows (not JSON, a list of something else) is kept as notes.
UPDATE `products` SET
  `trade_notes` = coalesce(`trade_notes` || char(10), '') || `specifications`,
  `specifications` = NULL
WHERE `specifications` IS NOT NULL AND NOT (json_valid(`specifications`) AND json_type(`specifications`) = 'array');
