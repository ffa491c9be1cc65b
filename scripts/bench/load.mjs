// `npm run bench:load`: the built app under wrangler dev on loopback, each page and a static
// asset driven by autocannon (10 connections, BENCH_SECONDS each, default 10), cached (a
// visitor: served from the edge cache after the first request) and uncached (the same request
// with a cookie, which the edge cache never serves). Prints requests/s, p50 and the share of the
// static asset's throughput (measured between the pages, against the runs on either side); for the
// home page also a crawler's cached request (no page view to record). Loopback only; every run is
// bounded in time.
import autocannon from "autocannon";
import { readdirSync, statSync } from "node:fs";
import { startApp } from "./app-server.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const asset = readdirSync("build/client/assets").find((name) => name.startsWith("entry.client") && name.endsWith(".js"));

function drive(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 10, duration: seconds, headers }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const app = await startApp();
try {
  const first = async (path) => (await fetch(`${app.url}${path}`)).text();
  const companies = await first("/companies").catch(() => "");
  const blog = await first("/blog").catch(() => "");
  const companyPath = companies.match(/href="(\/companies\/[^"?]+)"/)?.[1];
  const blogPath = blog.match(/href="(\/blog\/[^"?]+)"/)?.[1];
  const allPages = ["/", "/products", "/product/1", "/trade-leads", "/contact", "/membership", companyPath && "/companies", companyPath, blogPath].filter(Boolean);
  // BENCH_PATHS=/,/product/1 drives only those pages (the static asset and robots.txt always run).
  const only = process.env.BENCH_PATHS?.split(",");
  const pages = only ? allPages.filter((path) => only.includes(path)) : allPages;

  // This machine's speed drifts: the static asset runs before the first page and after each one,
  // and a row's share is against the static runs on either side of it.
  const rows = [];
  const staticRuns = [];
  const assetKb = (statSync(`build/client/assets/${asset}`).size / 1024).toFixed(1);
  const driveStatic = async () => {
    const result = await drive(`${app.url}/assets/${asset}`);
    staticRuns.push(result.requests.average);
    return result;
  };
  const row = (path, mode, result) => ({ path, mode, rps: result.requests.average, p50: result.latency.p50, errors: result.errors + result.non2xx });
  const staticResult = await driveStatic();
  rows.push({ ...row(`/assets/${asset} (static, ${assetKb} KB)`, "-", staticResult), static: [0, 0] });
  rows.push({ ...row("/robots.txt (Worker, no React)", "-", await drive(`${app.url}/robots.txt`)), static: [0, 1] });
  await driveStatic();
  // A person's request is also a page view, recorded in D1 after the answer; a crawler's is not.
  // The home page's extra row shows what serving a cached page costs without that write.
  const modes = {
    uncached: { cookie: "sid=bench" },
    cached: {},
    "cached, crawler": { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
  };
  for (const path of pages) {
    const before = staticRuns.length - 1;
    const pageRows = [];
    for (const mode of path === "/" ? ["uncached", "cached", "cached, crawler"] : ["uncached", "cached"]) {
      if (mode !== "uncached") await first(path);
      pageRows.push(row(path, mode, await drive(`${app.url}${path}`, modes[mode])));
    }
    await driveStatic();
    rows.push(...pageRows.map((r) => ({ ...r, static: [before, before + 1] })));
  }
  const sorted = [...staticRuns].sort((a, b) => a - b);
  console.log(`\n10 connections, ${seconds} s per row, loopback, this machine (${new Date().toISOString()})`);
  console.log(`static asset over ${staticRuns.length} runs: ${sorted[0].toFixed(0)} / ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} / ${sorted.at(-1).toFixed(0)} requests/s (min / median / max)\n`);
  console.log("| path | mode | requests/s | p50 | share of static | errors |");
  console.log("|---|---|---|---|---|---|");
  for (const r of rows) {
    const reference = (staticRuns[r.static[0]] + staticRuns[r.static[1]]) / 2;
    console.log(`| ${r.path} | ${r.mode} | ${r.rps.toFixed(0)} | ${r.p50} ms | ${(r.rps / reference).toFixed(2)} | ${r.errors} |`);
  }
} finally {
  app.stop();
}
