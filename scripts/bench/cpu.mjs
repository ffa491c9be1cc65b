// `node scripts/bench/cpu.mjs [requests] [rounds]`: CPU time the Worker's runtime (workerd) spends
// per request on each page, read from /proc before and after (Linux), with 10 connections as under
// load (so page views are written in batches, as they would be). Unlike requests per second it
// hardly moves when the machine is busy with other work, so changes can be compared any time; each
// cell is the median of `rounds` runs of `requests` requests. Columns: a signed-in free member (a
// real session: never served from the edge cache), a visitor (cached: a page view to record) and,
// for the home page, a crawler's cached request (no page view).
//
// The cells count the workerd process that runs the Worker (with the local D1 and R2 it serves
// them from, which production runs elsewhere). `wrangler dev` puts a proxy of its own, another
// workerd process, in front of it; production has none, so its CPU is printed apart, in brackets:
// it grows with the number of chunks a response is streamed in.
//
// BENCH_BEFORE=<another checkout, built> serves that version beside this one and drives the two in
// turn, round by round, printing both and their ratio: a before-and-after table from one run.
// BENCH_PATHS=/,/product/1 drives only those pages (and the static asset).
//
// For a member's page it also prints how many times the static asset's CPU it costs, against the
// goal of at most 10 times (DECISIONS 36, which retired the earlier 5 ms above it), and how many HTML elements the page has (this / before): rendering them is most of
// what a member's page costs beyond the framework's fixed work.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { CRAWLER_USER_AGENT, median, startApp } from "./app-server.mjs";

/** A signed-in member's page may cost at most this many times the static asset's CPU (DECISIONS 36). */
const MEMBER_GOAL_RATIO = 10;
const requests = Number(process.argv[2] ?? 1000);
const rounds = Number(process.argv[3] ?? 3);
const before = process.env.BENCH_BEFORE;
const versions = [{ name: "this", cwd: process.cwd() }, ...(before ? [{ name: "before", cwd: before }] : [])];
const staticAsset = (cwd) =>
  `/assets/${readdirSync(join(cwd, "build/client/assets")).find((name) => name.startsWith("entry.client") && name.endsWith(".js"))}`;

for (const version of versions) {
  version.app = await startApp({ cwd: version.cwd });
  version.member = await version.app.signIn();
  version.asset = staticAsset(version.cwd);
}
try {
  const pages = [
    "static",
    "/robots.txt",
    "/",
    "/products",
    "/product/1",
    "/trade-leads",
    "/contact",
    "/membership",
    "/products?search=rice",
    // Issue 39's goal: a search with a filter and a sort (with its option counts).
    "/products?search=rice&country=IN&sort=price_asc",
  ];
  const only = process.env.BENCH_PATHS?.split(",");
  const modes = (path) => ["member", "visitor", ...(path === "/" ? ["crawler"] : [])];
  const headersFor = (version, mode) =>
    mode === "member" ? { cookie: version.member } : mode === "crawler" ? { "user-agent": CRAWLER_USER_AGENT } : {};
  /** CPU per request over `requests` requests, 10 at a time; a failing page is no figure, so the run stops. */
  const cpu = async (version, path, mode) => {
    const run = await version.app.drive(path === "static" ? version.asset : path, { headers: headersFor(version, mode), amount: requests });
    if (run.errors > 0) throw new Error(`${version.name} ${path} (${mode}): ${run.errors} of ${requests} requests failed`);
    return run;
  };

  /** The HTML elements of the member's page: rendering them is most of a page's cost. */
  const elementCount = async (version, path) =>
    ((await (await fetch(`${version.app.url}${path}`, { headers: headersFor(version, "member") })).text()).match(/<[a-zA-Z]/g) ?? [])
      .length;

  console.log(`${requests} requests, 10 connections, median of ${rounds} rounds${before ? `; before = ${before}` : ""}`);
  const columns = versions.map((v) => (before ? `${v.name}` : "CPU per request"));
  console.log(
    `| path | who | ${columns.join(" | ")}${before ? " | this / before" : ""} | × the static asset (goal: ≤ ${MEMBER_GOAL_RATIO}) | elements |`,
  );
  console.log(`|---|---|${columns.map(() => "---|").join("")}${before ? "---|" : ""}---|---|`);
  let staticMedians = [];
  for (const path of only ? pages.filter((p, i) => i === 0 || only.includes(p)) : pages) {
    for (const mode of modes(path)) {
      const runs = versions.map(() => []);
      for (const version of versions) await cpu(version, path, mode); // warm
      for (let i = 0; i < rounds; i++) for (const [v, version] of versions.entries()) runs[v].push(await cpu(version, path, mode));
      const medians = runs.map((r) => median(r.map((run) => run.cpu)));
      const proxies = runs.map((r) => median(r.map((run) => run.proxyCpu)));
      const ratio = before ? ` | ${(medians[0] / medians[1]).toFixed(2)}` : "";
      if (path === "static") staticMedians = medians;
      const member = mode === "member" && path !== "static" && path !== "/robots.txt";
      const times = member ? medians[0] / staticMedians[0] : null;
      const goal = member ? `${times.toFixed(1)}, ${times <= MEMBER_GOAL_RATIO ? "met" : "not met"}` : "-";
      const elements = member ? (await Promise.all(versions.map((v) => elementCount(v, path)))).join(" / ") : "-";
      console.log(
        `| ${path === "static" ? "static asset" : path} | ${path === "static" || path === "/robots.txt" ? "-" : mode} | ${medians.map((m, v) => `${m.toFixed(2)} ms (+${proxies[v].toFixed(2)})`).join(" | ")}${ratio} | ${goal} | ${elements} |`,
      );
      if (path === "static" || path === "/robots.txt") break;
    }
  }
} finally {
  for (const version of versions) version.app?.stop();
}
