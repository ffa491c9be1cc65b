import { applyD1Migrations, env } from "cloudflare:test";

// Each test file starts from the real migrations on an empty database.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
