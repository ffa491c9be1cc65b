// `npm run bench:load`: the built app under wrangler dev on loopback, each page and a static
// asset driven by autocannon (10 connections, BENCH_SECONDS each, default 10), cached (a
// visitor: served from the edge cache after the first request) and uncached (a signed-in free
// member with a real session, whose pages the edge cache never serves). Prints requests/s, p50, the share of the
// static asset's throughput (measured between the pages, against the runs on either side) and
// the runtime's CPU per request; for the home page also a crawler's cached request (no page view
// to record). This machine's speed drifts from run to run: BENCH_ROUNDS=3 drives every row three
// times and prints the medians. Loopback only; every run is bounded in time.
import { readdirSync, statSync } from "node:fs";
import { CRAWLER_USER_AGENT, median, startApp } from "./app-server.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const asset = readdirSync("build/client/assets").find((name) => name.startsWith("entry.client") && name.endsWith(".js"));

const app = await startApp();
try {
  const drive = (path, headers = {}) => app.drive(path, { headers, seconds });

  const first = async (path) => (await fetch(`${app.url}${path}`)).text();
  const companies = await first("/companies").catch(() => "");
  const blog = await first("/blog").catch(() => "");
  const companyPath = companies.match(/href="(\/companies\/[^"?]+)"/)?.[1];
  const blogPath = blog.match(/href="(\/blog\/[^"?]+)"/)?.[1];
  const allPages = [
    "/",
    "/products",
    "/product/1",
    "/trade-leads",
    "/contact",
    "/membership",
    companyPath && "/companies",
    companyPath,
    blogPath,
  ].filter(Boolean);
  // BENCH_PATHS=/,/product/1 drives only those pages (the static asset and robots.txt always run).
  const only = process.env.BENCH_PATHS?.split(",");
  const pages = only ? allPages.filter((path) => only.includes(path)) : allPages;

  // A person's request is also a page view, recorded in D1 after the answer; a crawler's is not.
  // The home page's extra row shows what serving a cached page costs without that write.
  const modes = {
    uncached: { cookie: await app.signIn() },
    cached: {},
    "cached, crawler": { "user-agent": CRAWLER_USER_AGENT },
  };
  const assetKb = (statSync(`build/client/assets/${asset}`).size / 1024).toFixed(1);
  const staticPath = `/assets/${asset} (static, ${assetKb} KB)`;
  // Each row's runs, over the rounds: { path, mode, runs: [{ rps, p50, errors, cpu, share }] }.
  const rows = new Map();
  const record = (path, mode, run) => {
    const key = `${path}\n${mode}`;
    if (!rows.has(key)) rows.set(key, { path, mode, runs: [] });
    rows.get(key).runs.push(run);
  };
  const staticRps = [];

  for (let round = 0; round < rounds; round++) {
    // The static asset runs before the first page and after each one; a row's share is against
    // the static runs on either side of it.
    let before = await drive(`/assets/${asset}`);
    staticRps.push(before.rps);
    record(staticPath, "-", { ...before, share: 1 });
    const robots = await drive("/robots.txt");
    const afterRobots = await drive(`/assets/${asset}`);
    staticRps.push(afterRobots.rps);
    record("/robots.txt (Worker, no React)", "-", { ...robots, share: robots.rps / ((before.rps + afterRobots.rps) / 2) });
    before = afterRobots;
    for (const path of pages) {
      const runs = [];
      for (const mode of path === "/" ? ["uncached", "cached", "cached, crawler"] : ["uncached", "cached"]) {
        if (mode !== "uncached") await first(path);
        runs.push([mode, await drive(path, modes[mode])]);
      }
      const after = await drive(`/assets/${asset}`);
      staticRps.push(after.rps);
      for (const [mode, run] of runs) record(path, mode, { ...run, share: run.rps / ((before.rps + after.rps) / 2) });
      before = after;
    }
  }

  const sorted = [...staticRps].sort((a, b) => a - b);
  console.log(
    `\n10 connections, ${seconds} s per run, ${rounds} round${rounds > 1 ? "s (medians)" : ""}, loopback, this machine (${new Date().toISOString()})`,
  );
  console.log(
    `static asset over ${staticRps.length} runs: ${sorted[0].toFixed(0)} / ${median(sorted).toFixed(0)} / ${sorted.at(-1).toFixed(0)} requests/s (min / median / max)`,
  );
  console.log("CPU per request: the app's runtime (workerd, all its threads), over each run.\n");
  const shares = rounds > 1 ? " | shares in each round" : "";
  console.log(`| path | mode | requests/s | p50 | share of static | CPU per request | errors${shares} |`);
  console.log(`|---|---|---|---|---|---|---${rounds > 1 ? "|---" : ""}|`);
  for (const { path, mode, runs } of rows.values()) {
    const m = (key) => median(runs.map((r) => r[key]));
    const each = rounds > 1 ? ` | ${runs.map((r) => r.share.toFixed(2)).join(" ")}` : "";
    const errors = runs.reduce((sum, r) => sum + r.errors, 0);
    console.log(
      `| ${path} | ${mode} | ${m("rps").toFixed(0)} | ${m("p50")} ms | ${m("share").toFixed(2)} | ${m("cpu").toFixed(2)} ms | ${errors}${each} |`,
    );
  }
} finally {
  app.stop();
}
