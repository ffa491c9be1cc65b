// `node scripts/bench/cpu.mjs [requests] [rounds]`: CPU time the Worker's runtime (workerd) spends
// per request on each page, read from /proc before and after (Linux), with 10 connections as under
// load (so page views are written in batches, as they would be). Unlike requests per second it
// hardly moves when the machine is busy with other work, so changes can be compared any time; each
// cell is the median of `rounds` runs of `requests` requests. Columns: uncached (a cookie the edge
// cache never serves), cached (a visitor: a page view to record) and, for the home page, a
// crawler's cached request (no page view).
import { readdirSync } from "node:fs";
import { CRAWLER_USER_AGENT, median, startApp } from "./app-server.mjs";

const requests = Number(process.argv[2] ?? 1000);
const rounds = Number(process.argv[3] ?? 3);
const app = await startApp();
try {
  const asset = readdirSync("build/client/assets").find((name) => name.startsWith("entry.client") && name.endsWith(".js"));
  const pages = [`/assets/${asset}`, "/robots.txt", "/", "/products", "/product/1", "/trade-leads", "/contact", "/membership", "/products?search=rice"];
  const only = process.env.BENCH_PATHS?.split(",");
  /** CPU per request over `requests` requests, 10 at a time. */
  const cpu = async (path, headers) => (await app.drive(path, { headers, amount: requests })).cpu;
  const modes = (path) => [{ cookie: "sid=cpu" }, {}, ...(path === "/" ? [{ "user-agent": CRAWLER_USER_AGENT }] : [])];
  console.log(`${requests} requests, 10 connections, median of ${rounds} rounds`);
  console.log(`| path | CPU per request, uncached | CPU per request, cached | cached, crawler |`);
  console.log(`|---|---|---|---|`);
  for (const path of only ? pages.filter((p, i) => i === 0 || only.includes(p)) : pages) {
    const row = [];
    for (const headers of modes(path)) {
      await cpu(path, headers); // warm
      const runs = [];
      for (let i = 0; i < rounds; i++) runs.push(await cpu(path, headers));
      row.push(`${median(runs).toFixed(2)} ms`);
    }
    console.log(`| ${path} | ${row.join(" | ")}${row.length < 3 ? " | -" : ""} |`);
  }
} finally {
  app.stop();
}
