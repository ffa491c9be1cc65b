// `npm run bench:latency [requests]`: time to first byte of a signed-in member's pages when every
// D1 call first waits D1_LATENCY_MS (default 150 ms), as a round trip from India or the US to a
// primary in Western Europe does. The built Worker runs under `wrangler dev` with a wrapper around
// its D1 binding that only this benchmark installs (scripts/bench/latency-server.ts). Requests go
// one at a time (no queueing in the figures); each page is asked `requests` times (default 20)
// after one warm-up. Goal: every page's p95 at most 2 × latency + 50 ms (the session, then one
// batch). Build first (`npm run build`).
//
// BENCH_BEFORE=<another checkout, built> measures that version too, with the same wrapper around
// its own build, and prints both side by side.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { startApp } from "./app-server.mjs";

const requests = Number(process.argv[2] ?? 20);
const latency = Number(process.env.D1_LATENCY_MS ?? 150);
const goal = 2 * latency + 50;
const SUPPLIER = "supplier03@example.com";

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Time to the first byte of the answer, in ms. */
async function ttfb(url, cookie) {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
  const reader = response.body?.getReader();
  if (reader) await reader.read();
  const elapsed = performance.now() - started;
  if (reader) {
    await reader.cancel();
  }
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return elapsed;
}

/** Another checkout's entry with this checkout's wrapper, written into its git-ignored .tmp/. */
function entryFor(cwd) {
  if (resolve(cwd) === process.cwd()) return "scripts/bench/latency-server.ts";
  mkdirSync(join(cwd, ".tmp"), { recursive: true });
  const probe = resolve("tests/support/d1-probe.ts");
  writeFileSync(
    join(cwd, ".tmp/latency-server.ts"),
    readFileSync("scripts/bench/latency-server.ts", "utf8")
      .replaceAll("../../app/", "../app/")
      .replaceAll("../../build/", "../build/")
      .replace("../../tests/support/d1-probe", probe),
  );
  return ".tmp/latency-server.ts";
}

const versions = [
  { name: "this", cwd: process.cwd() },
  ...(process.env.BENCH_BEFORE ? [{ name: "before", cwd: process.env.BENCH_BEFORE }] : []),
];
const results = new Map();
let pages = [];
for (const version of versions) {
  const app = await startApp({ cwd: version.cwd, script: entryFor(version.cwd), vars: { D1_LATENCY_MS: String(latency) } });
  try {
    const cookie = await app.signIn(SUPPLIER);
    const product = (await (await fetch(`${app.url}/products`, { headers: { cookie } })).text()).match(/href="\/product\/(\d+)"/)?.[1];
    pages = [
      "/",
      "/products",
      `/product/${product}`,
      "/trade-leads",
      "/catalog",
      "/inbox",
      "/requests",
      "/forum",
      "/messages",
      "/notifications",
    ];
    for (const path of pages) {
      await ttfb(`${app.url}${path}`, cookie);
      const times = [];
      for (let i = 0; i < requests; i++) times.push(await ttfb(`${app.url}${path}`, cookie));
      results.set(`${version.name} ${path}`, [percentile(times, 50), percentile(times, 95)]);
    }
  } finally {
    app.stop();
  }
}

console.log(
  `D1 latency ${latency} ms per call; ${requests} requests per page, one at a time, after one warm-up; a signed-in supplier (${SUPPLIER})`,
);
console.log(
  `Goal: p95 at most 2 × ${latency} + 50 = ${goal} ms${process.env.BENCH_BEFORE ? `; before = ${process.env.BENCH_BEFORE}` : ""}`,
);
const heads = versions.map((v) => (versions.length > 1 ? `${v.name} p50 | ${v.name} p95` : "p50 | p95"));
console.log(`| page | ${heads.join(" | ")} | goal met |`);
console.log(`|---|${versions.map(() => "---|---|").join("")}---|`);
let met = true;
for (const path of pages) {
  const cells = versions.map((v) =>
    results
      .get(`${v.name} ${path}`)
      .map((ms) => `${ms.toFixed(0)} ms`)
      .join(" | "),
  );
  const ok = results.get(`this ${path}`)[1] <= goal;
  met &&= ok;
  console.log(`| ${path.replace(/\d+$/, ":id")} | ${cells.join(" | ")} | ${ok ? "yes" : "NO"} |`);
}
console.log(met ? "Every page meets the goal." : "Some pages miss the goal.");
process.exitCode = met ? 0 : 1;
