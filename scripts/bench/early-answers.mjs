// `node scripts/bench/early-answers.mjs [N]`: what happens to the requests after one the Worker
// answers before reading its body. Starts the built app under `wrangler dev` on loopback with fresh
// seeded state and sends, each request bounded to 15 s:
//   1. N posts one at a time that the app refuses before reading: a JSON body (415) and a form
//      declared over the 4 MB limit (413);
//   2. N times a refused JSON post and a `GET /products` at once, waiting for both;
//   3. a burst of 40 refused JSON posts of 1 MB at once.
// It counts the answers by status: a 503 is wrangler's proxy saying 'Your worker restarted
// mid-request' (its connection to the runtime failed; it labels every such failure so), and a
// page that takes over 5 s is one the proxy put aside to retry when the next request arrives.
// Nothing restarts in between. BENCH_BEFORE=<another checkout, built> runs that version too.
import http from "node:http";
import { startApp } from "./app-server.mjs";

const N = Number(process.argv[2] ?? 40);
const SLOW_MS = 5_000;

function send(url, path, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const request = http.request(`${url}${path}`, { method, headers, agent: false, timeout: 15_000 }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode, ms: Date.now() - started }));
    });
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", (error) =>
      resolve({ status: error.message === "timeout" ? "no answer in 15 s" : error.code, ms: Date.now() - started }),
    );
    request.end(body);
  });
}

const tally = (answers) =>
  Object.entries(answers.reduce((counts, a) => ({ ...counts, [a.status]: (counts[a.status] ?? 0) + 1 }), {}))
    .map(([status, count]) => `${count} × ${status}`)
    .join(", ");

async function run(cwd) {
  const app = await startApp({ cwd });
  try {
    const url = app.url;
    const json = (bytes) => {
      const body = Buffer.from(JSON.stringify({ x: "a".repeat(bytes) }));
      return { method: "POST", headers: { Origin: url, "Content-Type": "application/json", "Content-Length": body.length }, body };
    };
    const tooLarge = () => {
      const body = Buffer.alloc(5 * 1024 * 1024, 0x61);
      body.write("a=");
      const headers = { Origin: url, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": body.length };
      return { method: "POST", headers, body };
    };
    const rows = [];
    for (const [name, make] of [
      ["refused JSON (64 KB), one at a time", () => json(64 * 1024)],
      ["form declared over the limit (5 MB), one at a time", tooLarge],
    ]) {
      const answers = [];
      for (let i = 0; i < N; i++) answers.push(await send(url, "/contact", make()));
      rows.push([name, tally(answers)]);
    }
    const posts = [];
    const pages = [];
    for (let i = 0; i < N; i++) {
      const [post, page] = await Promise.all([send(url, "/contact", json(64 * 1024)), send(url, "/products")]);
      posts.push(post);
      pages.push(page);
    }
    const slow = pages.filter((p) => typeof p.status !== "number" || p.ms > SLOW_MS);
    rows.push(["refused JSON beside GET /products: the posts", tally(posts)]);
    rows.push([
      "refused JSON beside GET /products: the pages",
      `${tally(pages)}; ${slow.length} over ${SLOW_MS / 1000} s (slowest ${Math.max(...pages.map((p) => p.ms))} ms)`,
    ]);
    const burst = await Promise.all(Array.from({ length: 40 }, () => send(url, "/contact", json(1024 * 1024))));
    rows.push(["40 refused JSON posts of 1 MB at once", tally(burst)]);
    return rows;
  } finally {
    app.stop();
  }
}

const versions = [
  { name: "this", cwd: process.cwd() },
  ...(process.env.BENCH_BEFORE ? [{ name: "before", cwd: process.env.BENCH_BEFORE }] : []),
];
for (const version of versions) {
  console.log(`\n${version.name} (${version.cwd}), N = ${N}`);
  for (const [name, result] of await run(version.cwd)) console.log(`${name}: ${result}`);
}
