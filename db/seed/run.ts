// Seeds the local D1 state that `wrangler dev` uses (or the folder given by --persist-to);
// with --migrate, applies the migrations first, in the same process.
import "../../scripts/offline-env.mjs";
import { getPlatformProxy } from "wrangler";
import { applyMigrations } from "../migrate";
import { seedDatabase } from "./seed";

const persistIndex = process.argv.indexOf("--persist-to");
const persistTo = persistIndex > 0 ? process.argv[persistIndex + 1] : undefined;

const { env, dispose } = await getPlatformProxy<Env>({
  persist: persistTo ? { path: `${persistTo}/v3` } : true,
});
try {
  if (process.argv.includes("--migrate")) {
    const applied = await applyMigrations(env.DB);
    console.log(applied.length ? `Applied ${applied.length} migrations.` : "No migrations to apply.");
  }
  const wrote = await seedDatabase(env.DB);
  console.log(wrote ? "Seeded the local database with demo data." : "The local database already has data; seed skipped.");
} finally {
  await dispose();
}
