// A fresh local state folder for the end-to-end tests: D1 migrations and the demo seed.
// `npm test` prepares it while the build runs and hands it over in E2E_STATE; the e2e global
// setup prepares its own when run alone.
import "./offline-env.mjs";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Makes the folder, applies the migrations and seeds it; returns its path. */
export async function prepareE2EState() {
  const state = mkdtempSync(join(tmpdir(), "marketplace-e2e-"));
  const persist = ["--persist-to", state];
  try {
    // One process for both (a `wrangler d1 migrations apply` of its own took 10 s here).
    await run(process.execPath, ["--import", "tsx", "db/seed/run.ts", "--migrate", ...persist]);
  } catch (error) {
    rmSync(state, { recursive: true, force: true });
    throw error;
  }
  return state;
}
