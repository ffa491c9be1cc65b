// Prepares a fresh clone: local secrets, migrations on the local D1 state, demo data.
// Safe to run again: existing secrets are kept, applied migrations are skipped, seeding
// only happens on an empty database.
import "./offline-env.mjs";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";

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

const run = (command, args) => execFileSync(command, args, { stdio: "inherit" });
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", ...persistArgs]);
run("npx", ["tsx", "db/seed/run.ts", ...persistArgs]);
