// Prepares a fresh clone: local secrets, migrations on the local D1 state, demo data.
// Safe to run again: existing secrets are kept, applied migrations are skipped, seeding
// only happens on an empty database. With --reset (`npm run db:reset`) the local database is
// deleted first, so it starts again from the current demo data.
import "./offline-env.mjs";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const persistIndex = process.argv.indexOf("--persist-to");
const persistArgs = persistIndex > 0 ? ["--persist-to", process.argv[persistIndex + 1]] : [];

if (!existsSync(".dev.vars")) {
  writeFileSync(
    ".dev.vars",
    [
      "# Local development secrets, created by `npm run setup`. Never commit this file.",
      `SESSION_SECRET="${randomBytes(32).toString("hex")}"`,
      'ADMIN_PASSWORD="admin-local-2026"',
      "",
    ].join("\n"),
  );
  console.log("Created .dev.vars with a session secret and the local admin password.");
}

if (process.argv.includes("--reset")) {
  // Where wrangler keeps the local D1 databases (R2's images stay: nothing refers to them after).
  const d1State = join(persistArgs[1] ?? ".wrangler/state", "v3", "d1");
  rmSync(d1State, { recursive: true, force: true });
  console.log(`Deleted the local database (${d1State}).`);
}

const run = (command, args) => execFileSync(command, args, { stdio: "inherit" });
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", ...persistArgs]);
run("npx", ["tsx", "db/seed/run.ts", ...persistArgs]);
