// `node scripts/bench/cpu.mjs [requests]`: CPU time the Worker's runtime (workerd) spends per
// request on each page, read from /proc before and after (Linux). Unlike requests per second it
// hardly moves when the machine is busy with other work, so changes can be compared any time.
import { readdirSync } from "node:fs";
import { startApp } from "./app-server.mjs";

const requests = Number(process.argv[2] ?? 50);
const app = await startApp();
try {
  const asset = readdirSync("build/client/assets").find((name) => name.startsWith("entry.client") && name.endsWith(".js"));
  const pages = [`/assets/${asset}`, "/robots.txt", "/", "/products", "/product/1", "/trade-leads", "/contact", "/membership", "/products?search=rice"];
  const only = process.env.BENCH_PATHS?.split(",");
  console.log(`| path | CPU per request, uncached | CPU per request, cached |`);
  console.log(`|---|---|---|`);
  for (const path of only ? pages.filter((p, i) => i === 0 || only.includes(p)) : pages) {
    const row = [];
    for (const headers of [{ cookie: "sid=cpu", accept: "text/html" }, { accept: "text/html" }]) {
      for (let i = 0; i < 5; i++) await (await fetch(`${app.url}${path}`, { headers })).text();
      const before = app.runtimeCpuMs();
      for (let i = 0; i < requests; i++) await (await fetch(`${app.url}${path}`, { headers })).text();
      row.push(((app.runtimeCpuMs() - before) / requests).toFixed(1));
    }
    console.log(`| ${path} | ${row[0]} ms | ${row[1]} ms |`);
  }
} finally {
  app.stop();
}
