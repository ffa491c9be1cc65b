-- An import looks for leads of earlier imports with the same company name and e-mail, ignoring case
-- (app/models/lead-imports.server.ts): the index holds the expressions and collation it compares, and
-- the time of the import. Written by hand: drizzle-kit splits the commas of an expression into columns.
CREATE INDEX `leads_company_email_idx` ON `leads` ("company_name" collate nocase, coalesce("email", '') collate nocase, `created_at`);--> statement-breakpoint
-- The membership cards list the limits of a plan from its numbers; the features the seed wrote before
-- repeated them ('1 product catalog' twice, 'Unlimited catalogs (up to 100)'). Plans that still have
-- those features get the current ones of the seed (translation keys); a plan edited since keeps its own.
UPDATE `membership_plans` SET `features` = '["membership.features.postLeads","membership.features.browseProducts"]'
WHERE `name` = 'free' AND CASE WHEN json_valid(`features`) THEN json(`features`) END =
  json('["1 product catalog","Up to 10 products","Post trade leads","Browse all products"]');--> statement-breakpoint
UPDATE `membership_plans` SET `features` = '["membership.features.leadContacts","membership.features.forum"]'
WHERE `name` = 'silver' AND CASE WHEN json_valid(`features`) THEN json(`features`) END =
  json('["3 product catalogs","Up to 50 products each","See trade lead contact details","Trade Forum access"]');--> statement-breakpoint
UPDATE `membership_plans` SET `features` = '["membership.features.leadContacts","membership.features.forum"]'
WHERE `name` = 'gold' AND CASE WHEN json_valid(`features`) THEN json(`features`) END =
  json('["10 product catalogs","Up to 200 products each","Priority support","Verified supplier badge","Trade Forum and private messages"]');--> statement-breakpoint
UPDATE `membership_plans` SET `features` = '["membership.features.leadContacts","membership.features.forum","membership.features.accountManager"]'
WHERE `name` = 'platinum' AND CASE WHEN json_valid(`features`) THEN json(`features`) END =
  json('["Unlimited catalogs (up to 100)","Up to 1,000 products each","Dedicated account manager","Featured listings on the home page"]');
