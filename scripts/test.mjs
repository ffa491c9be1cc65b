// Every test, overlapped where nothing waits on anything else (2 cores are enough for it):
//   at once:      build | typecheck | lint (ESLint, Prettier, knip) | unit tests (plain Node) | layer check | e2e state (D1 migrations + seed) | find Chromium
//   after build:  integration tests in workerd | end-to-end journeys in Chromium
// Each stage's output is printed when it ends, so parallel stages do not interleave. Ends with a
// table of stage times and one plain summary line ('tests: N passed, N failed') for CI.
import "./offline-env.mjs";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { setPriority, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { prepareE2EState } from "./e2e-state.mjs";
import { findChromium } from "./find-chromium.mjs";

const require = createRequire(import.meta.url);
const reports = mkdtempSync(join(tmpdir(), "marketplace-tests-"));
const started = Date.now();
const stages = [];

/** The JavaScript file behind a package's command, run with this Node (no npx start-up per stage). */
function bin(pkg, name) {
  // Looked up where Node would look for the package: require.resolve of its package.json fails when `exports` leaves it out (knip).
  const manifest = require.resolve
    .paths(pkg)
    .map((folder) => join(folder, pkg, "package.json"))
    .find((path) => existsSync(path));
  if (!manifest) throw new Error(`${pkg} is not installed`);
  const { bin: bins } = JSON.parse(readFileSync(manifest, "utf8"));
  return join(dirname(manifest), typeof bins === "string" ? bins : bins[name]);
}

/**
 * Runs a command with its output collected; resolves with its exit status and output. A stage
 * off the critical path (build, then the workerd suite, the longest) runs at a lower priority, so
 * on two cores it takes the time the critical path leaves instead of slowing it.
 */
function exec(command, args, env = {}, { background = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: "1" } : {}), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    if (background && child.pid) {
      try {
        setPriority(child.pid, 10); // its own children (workerd, tsc's) inherit it
      } catch {
        // not permitted here: it still runs, only sooner
      }
    }
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => resolve({ status: 1, output: String(error) }));
    child.on("close", (status) => resolve({ status: status ?? 1, output: Buffer.concat(output).toString() }));
  });
}

/** Times a stage and prints its output when it ends. `work` resolves with { passed, failed, output }. */
async function stage(name, work) {
  const t0 = Date.now();
  const entry = { name }; // listed in the order the stages start
  stages.push(entry);
  console.log(`▸ ${name}`);
  let result;
  try {
    result = await work();
  } catch (error) {
    result = { passed: 0, failed: 1, output: error.message };
  }
  const seconds = (Date.now() - t0) / 1000;
  Object.assign(entry, { seconds, ...result });
  console.log(`\n── ${name} (${seconds.toFixed(1)} s) ${"─".repeat(Math.max(0, 60 - name.length))}`);
  if (result.output?.trim()) console.log(result.output.trimEnd());
  return result;
}

/** A command that is one test: passes when it exits 0. */
async function check(command, args, options) {
  const { status, output } = await exec(command, args, {}, options);
  return { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, output };
}

/**
 * A vitest run (of the files under `only`, when given); its JSON report gives the counts. A failing
 * run with no failed test counts as one failure.
 */
async function suite(name, config, env, options, only = []) {
  const report = join(reports, `${name}.json`);
  const { status, output } = await exec(
    process.execPath,
    [bin("vitest", "vitest"), "run", "--config", config, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...only],
    env,
    options,
  );
  try {
    const { numPassedTests: passed, numFailedTests: failed } = JSON.parse(readFileSync(report, "utf8"));
    return { passed, failed: failed + (status !== 0 && failed === 0 ? 1 : 0), output };
  } catch {
    return { passed: 0, failed: 1, output };
  }
}

const BACKGROUND = { background: true };
const notRun = (why) => ({ passed: 0, failed: 1, output: `not run: ${why}` });

// The build is not a test: it counts only when it fails.
const build = stage("build", async () => ({
  ...(await check(process.execPath, [bin("@remix-run/dev", "remix"), "vite:build"])),
  passed: 0,
}));
const parallel = [
  stage("typecheck", () => check(process.execPath, [bin("typescript", "tsc"), "--noEmit"], BACKGROUND)),
  stage("lint", async () => {
    const eslint = await check(process.execPath, [bin("eslint", "eslint"), "."], BACKGROUND);
    const prettier = await check(process.execPath, [bin("prettier", "prettier"), "--check", "."], BACKGROUND);
    const knip = await check(process.execPath, [bin("knip", "knip")], BACKGROUND);
    const failed = eslint.failed + prettier.failed + knip.failed;
    return {
      passed: failed === 0 ? 1 : 0,
      failed: failed === 0 ? 0 : 1,
      output: [eslint.output, prettier.failed ? prettier.output : "", knip.output].join("\n"),
    };
  }),
  // Not at a lower priority: vitest's time limits are wall-clock, and on a machine whose cores were
  // taken the unit tests waited long enough to pass them (a test of 1 CPU-second took 32.7 s against
  // its 30 s). They need about 5 CPU-seconds in all, too little to slow the critical path.
  stage("unit", () => suite("unit", "vitest.unit.config.ts")),
];
if (existsSync("scripts/check-layers.mjs"))
  parallel.push(stage("layers", () => check(process.execPath, ["scripts/check-layers.mjs"], BACKGROUND)));
// What the journeys need besides the build; a failure here counts once, as the e2e stage's.
let state;
const e2eState = stage("e2e state", async () => {
  try {
    state = await prepareE2EState();
    return { passed: 0, failed: 0 };
  } catch (error) {
    return { passed: 0, failed: 0, output: error.message };
  }
});
let browser;
const findBrowser = stage("find Chromium", async () => {
  try {
    browser = await findChromium();
    return { passed: 0, failed: 0, output: `${browser.executablePath} (${browser.source})` };
  } catch (error) {
    return { passed: 0, failed: 0, output: error.message };
  }
});

const built = (await build).failed === 0;
// The journeys run beside workerd's tests rather than after them: the workerd suite (one file at
// a time, mostly one core) is the longest, so it runs as two workerd processes, the integration
// files and the security suites (each with its own in-memory D1 and R2), beside the journeys,
// while the type check and the lint take what is left at a lower priority (229 s here, against
// 247 s with one workerd process and the journeys at a lower priority).
const workers = (name, files) =>
  stage(name, () => (built ? suite(name, "vitest.workers.config.ts", {}, {}, [files]) : notRun("the build failed")));
await Promise.all([
  workers("workers", "tests/integration/"),
  workers("security", "tests/security/"),
  Promise.all([e2eState, findBrowser]).then(([stateResult, browserResult]) =>
    stage("e2e", () => {
      if (!built) return notRun("the build failed");
      if (!browser) return notRun(browserResult.output);
      if (!state) return notRun(`the e2e state could not be prepared: ${stateResult.output}`);
      return suite("e2e", "vitest.e2e.config.ts", { E2E_STATE: state });
    }),
  ),
]);
await Promise.all(parallel);
if (state) rmSync(state, { recursive: true, force: true });
rmSync(reports, { recursive: true, force: true });

const passed = stages.reduce((n, s) => n + s.passed, 0);
const failed = stages.reduce((n, s) => n + s.failed, 0);
console.log("\nstage          wall time  passed  failed   (stages overlap)");
for (const s of stages) {
  console.log(`${s.name.padEnd(14)} ${s.seconds.toFixed(1).padStart(8)} s ${String(s.passed).padStart(7)} ${String(s.failed).padStart(7)}`);
}
console.log(`All tests took ${Math.round((Date.now() - started) / 1000)} s.`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
