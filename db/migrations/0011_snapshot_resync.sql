-- Changes nothing. Migrations 0005 to 0010 were written by hand (triggers, partial indexes,
-- table rebuilds); this entry brings drizzle-kit's snapshot up to db/schema.ts so that the next
-- `npm run db:generate` diffs against the real schema.
SELECT 1;
