// `node scripts/bench/cpu.mjs [requests]`: CPU time the Worker's runtime (workerd) spends per
// request on each page, read from /proc before and after (Linux). Unlike requests per second it
// hardly moves when the machine is busy with other work, so changes can be compared any time.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { startApp } from "./app-server.mjs";

const requests = Number(process.argv[2] ?? 50);
const ticksPerMs = Number(execFileSync("getconf", ["CLK_TCK"]).toString()) / 1000;

/** The app's own workerd processes: those in the process group of its `wrangler dev`. */
function workerdPids(groupId) {
  const rows = execFileSync("ps", ["-e", "-o", "pid=,pgid=,comm="]).toString().trim().split("\n");
  return rows.map((row) => row.trim().split(/\s+/)).filter(([, pgid, comm]) => Number(pgid) === groupId && comm.startsWith("workerd")).map(([pid]) => pid);
}
function cpuMs(pids) {
  return pids.reduce((sum, pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return sum + (Number(fields[11]) + Number(fields[12])) / ticksPerMs; // utime + stime
    } catch {
      return sum;
    }
  }, 0);
}

const app = await startApp();
try {
  const pids = workerdPids(app.pid);
  if (pids.length === 0) throw new Error("the app's workerd process was not found");
  const asset = readdirSync("build/client/assets").find((name) => name.startsWith("entry.client") && name.endsWith(".js"));
  const pages = [`/assets/${asset}`, "/robots.txt", "/", "/products", "/product/1", "/trade-leads", "/contact", "/membership", "/products?search=rice"];
  const only = process.env.BENCH_PATHS?.split(",");
  console.log(`| path | CPU per request, uncached | CPU per request, cached |`);
  console.log(`|---|---|---|`);
  for (const path of only ? pages.filter((p, i) => i === 0 || only.includes(p)) : pages) {
    const row = [];
    for (const headers of [{ cookie: "sid=cpu", accept: "text/html" }, { accept: "text/html" }]) {
      for (let i = 0; i < 5; i++) await (await fetch(`${app.url}${path}`, { headers })).text();
      const before = cpuMs(pids);
      for (let i = 0; i < requests; i++) await (await fetch(`${app.url}${path}`, { headers })).text();
      row.push(((cpuMs(pids) - before) / requests).toFixed(1));
    }
    console.log(`| ${path} | ${row[0]} ms | ${row[1]} ms |`);
  }
} finally {
  app.stop();
}
