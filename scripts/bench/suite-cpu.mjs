// What each stage of `npm test` costs, run alone one after another on an otherwise idle machine:
// its wall time and the CPU the whole machine spent meanwhile (core-seconds, from /proc/stat, so
// the processes a stage starts count too: workerd, wrangler dev, Chromium). npm test overlaps the
// stages on two cores, so it cannot take less than the sum of core-seconds divided by the cores:
// this says which stage to make cheaper when the suite nears its 5 minutes.
//
//   node scripts/bench/suite-cpu.mjs [stage…]      (Linux; about 10 minutes for every stage)
import "../offline-env.mjs";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

const STAGES = {
  build: ["npx", "remix", "vite:build"],
  typecheck: ["npx", "tsc", "--noEmit"],
  eslint: ["npx", "eslint", "."],
  prettier: ["npx", "prettier", "--check", "."],
  knip: ["npx", "knip"],
  unit: ["npx", "vitest", "run", "--config", "vitest.unit.config.ts"],
  integration: ["npx", "vitest", "run", "--config", "vitest.workers.config.ts", "tests/integration/"],
  security: ["npx", "vitest", "run", "--config", "vitest.workers.config.ts", "tests/security/"],
  e2e: ["npx", "vitest", "run", "--config", "vitest.e2e.config.ts"],
};

/** Core-seconds the machine has spent busy since it started (user, nice, system, irq, softirq). */
function busySeconds() {
  const [, user, nice, system, , , irq, softirq] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
  return (user + nice + system + irq + softirq) / 100;
}

function run([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.on("data", (chunk) => (errors = (errors + chunk).slice(-2000)));
    child.on("close", (status) => resolve({ status, errors }));
  });
}

const chosen = process.argv.slice(2);
const names = chosen.length ? chosen : Object.keys(STAGES);
const unknown = names.filter((name) => !STAGES[name]);
if (unknown.length) throw new Error(`unknown stage ${unknown.join(", ")}: one of ${Object.keys(STAGES).join(", ")}`);
if (!names.includes("build") && names.some((name) => ["integration", "security", "e2e"].includes(name)))
  console.log("(the workerd suites and the journeys test the last build: build first if the code changed)");

const rows = [];
for (const name of names) {
  const busy = busySeconds();
  const started = Date.now();
  const { status, errors } = await run(STAGES[name]);
  const row = { name, wall: (Date.now() - started) / 1000, cpu: busySeconds() - busy, status };
  rows.push(row);
  console.log(
    `${name.padEnd(12)} ${row.wall.toFixed(1).padStart(7)} s wall ${row.cpu.toFixed(1).padStart(7)} core-s${status ? `  (exit ${status})` : ""}`,
  );
  if (status) console.log(errors.trimEnd());
}
const cpu = rows.reduce((sum, row) => sum + row.cpu, 0);
const cores = availableParallelism();
console.log(
  `${"all".padEnd(12)} ${rows
    .reduce((s, r) => s + r.wall, 0)
    .toFixed(1)
    .padStart(7)} s wall ${cpu.toFixed(1).padStart(7)} core-s`,
);
console.log(`npm test overlaps them on ${cores} cores: it cannot take less than ${(cpu / cores).toFixed(0)} s (core-seconds / cores).`);
