// `npm run bench:load`: the built app under wrangler dev on loopback, each page and a static
// asset driven by autocannon (10 connections, BENCH_SECONDS each, default 10), cached (a
// visitor: served from the edge cache after the first request) and uncached (the same request
// with a cookie, which the edge cache never serves). Prints requests/s, p50 and the share of the
// static asset's throughput; for the home page also a crawler's cached request (no page view to
// record). Loopback only; every run is bounded in time.
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

  const rows = [];
  const staticResult = await drive(`${app.url}/assets/${asset}`);
  const staticRps = staticResult.requests.average;
  const assetKb = (statSync(`build/client/assets/${asset}`).size / 1024).toFixed(1);
  rows.push({ path: `/assets/${asset} (static, ${assetKb} KB)`, mode: "-", rps: staticRps, p50: staticResult.latency.p50, errors: staticResult.errors + staticResult.non2xx });
  const robots = await drive(`${app.url}/robots.txt`);
  rows.push({ path: "/robots.txt (Worker, no React)", mode: "-", rps: robots.requests.average, p50: robots.latency.p50, errors: robots.errors + robots.non2xx });
  // A person's request is also a page view, recorded in D1 after the answer; a crawler's is not.
  // The home page's extra row shows what serving a cached page costs without that write.
  const modes = {
    uncached: { cookie: "sid=bench" },
    cached: {},
    "cached, crawler": { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
  };
  for (const path of pages) {
    for (const mode of path === "/" ? ["uncached", "cached", "cached, crawler"] : ["uncached", "cached"]) {
      if (mode !== "uncached") await first(path);
      const result = await drive(`${app.url}${path}`, modes[mode]);
      rows.push({ path, mode, rps: result.requests.average, p50: result.latency.p50, errors: result.errors + result.non2xx });
    }
  }
  console.log(`\n10 connections, ${seconds} s per row, loopback, this machine (${new Date().toISOString()})\n`);
  console.log("| path | mode | requests/s | p50 | share of static | errors |");
  console.log("|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(`| ${r.path} | ${r.mode} | ${r.rps.toFixed(0)} | ${r.p50} ms | ${(r.rps / staticRps).toFixed(2)} | ${r.errors} |`);
  }
} finally {
  app.stop();
}
