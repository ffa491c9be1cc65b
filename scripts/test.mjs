// Every test: build, typecheck, then unit + integration inside workerd, then end-to-end in Chromium.
// Ends with one plain summary line ('N passed, N failed') for CI.
import "./offline-env.mjs";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const reports = mkdtempSync(join(tmpdir(), "marketplace-tests-"));
const started = Date.now();

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit" });
  return result.status ?? 1;
}

function suite(name, config) {
  const output = join(reports, `${name}.json`);
  const status = run("npx", ["vitest", "run", "--config", config, "--reporter=default", "--reporter=json", `--outputFile.json=${output}`]);
  try {
    const report = JSON.parse(readFileSync(output, "utf8"));
    return { status, passed: report.numPassedTests, failed: report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0) };
  } catch {
    return { status, passed: 0, failed: 1 };
  }
}

if (run("npx", ["remix", "vite:build"]) !== 0) {
  console.log("\nbuild: 0 passed, 1 failed");
  process.exit(1);
}
const typecheck = run("npx", ["tsc", "--noEmit"]);
const results = [
  { status: typecheck, passed: typecheck === 0 ? 1 : 0, failed: typecheck === 0 ? 0 : 1 },
  suite("workers", "vitest.workers.config.ts"),
  suite("e2e", "vitest.e2e.config.ts"),
];
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`\nAll tests took ${Math.round((Date.now() - started) / 1000)} s.`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.status === 0) ? 0 : 1);
