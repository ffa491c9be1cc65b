// `node scripts/bench/upload-memory.mjs`: how much memory the Worker's runtime takes on when someone
// posts 50 MB to a route with files that they may not use. Starts the built app under `wrangler
// dev` on loopback with fresh seeded state, signs in a free member and a supplier, and posts, as
// the free member, 50 MB (five 10 MB documents, or one 50 MB file) to the supplier's company
// verification, add-product and edit-product forms and to the leads import; then eight such posts
// at once to the verification form; then, as the supplier, five real 10 MB documents to their own
// verification. First, as a warm-up, a visitor's 50 MB (see below). For each: the answer, how long
// it took, and the resident memory (VmRSS, /proc) of the workerd process that runs the Worker (not
// wrangler's proxy, which production does not have): its peak while the posts were under way and
// what it kept, above what it held before.
//
// Goal: a non-owner's 50 MB post raises it by less than 10 MB (the run exits 1 otherwise). Eight
// at once are printed beside eight visitors' at once, which the app never reads: the runtime's own
// buffers for eight bodies in flight.
// BENCH_BEFORE=<another checkout, built> measures that version as well, after this one.
import http from "node:http";
import { startApp } from "./app-server.mjs";

const MB = 1024 * 1024;
const GOAL_MB = 10;
const SUPPLIER_COMPANY = "5eed0014-0000-4000-8000-000000000001"; // supplier01's, in db/seed/data.ts

/** A multipart body of `files` (name, first bytes, size) after the form's text `fields`. */
function multipart(fields, files) {
  const boundary = "----uploadMemoryBench";
  const parts = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const { field, filename, head, size } of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n\r\n`));
    const content = Buffer.alloc(size, 0x41);
    content.write(head, "latin1");
    parts.push(content, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function post(url, path, cookie, { body, contentType }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const request = http.request(
      `${url}${path}`,
      {
        method: "POST",
        agent: false,
        timeout: 120_000,
        headers: { Origin: url, Cookie: cookie, "Content-Type": contentType, "Content-Length": body.length },
      },
      (response) => {
        const ms = Date.now() - started;
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode, ms }));
      },
    );
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", (error) => resolve({ status: error.message, ms: Date.now() - started }));
    request.end(body);
  });
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` while sampling the runtime's memory every 20 ms: its peak, and what it keeps once settled. */
async function measured(app, work) {
  await pause(500);
  const base = app.runtimeRssMb();
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, app.runtimeRssMb())), 20);
  const answers = await work();
  clearInterval(sampler);
  await pause(1000);
  const kept = app.runtimeRssMb();
  peak = Math.max(peak, kept);
  return { answers, base, peak: peak - base, kept: kept - base };
}

async function measure(cwd) {
  const app = await startApp({ cwd });
  try {
    const member = await app.signIn("free@example.com");
    const supplier = await app.signIn("supplier01@example.com");
    const companyPage = await (await fetch(`${app.url}/companies/${SUPPLIER_COMPANY}`)).text();
    const productId = /href="\/products?\/(\d+)"/.exec(companyPage)?.[1];
    if (!productId) throw new Error("no product of supplier01 found on its company page");

    const registration = { intent: "apply", registrationNumber: "HRB 1", country: "Germany", address: "Hafen 1" };
    const documents = Array.from({ length: 5 }, (_, i) => ({
      field: "documents",
      filename: `d${i}.pdf`,
      head: "%PDF-1.7\n",
      size: 10 * MB,
    }));
    const images = Array.from({ length: 5 }, (_, i) => ({
      field: "images",
      filename: `p${i}.png`,
      head: "\x89PNG\r\n\x1a\n",
      size: 10 * MB,
    }));
    const verification = multipart(registration, documents);
    const rows = [
      ["company verification", `/catalog/${SUPPLIER_COMPANY}/verification`, verification],
      ["add a product", `/catalog/${SUPPLIER_COMPANY}/products/new`, multipart({ title: "x", category: "Industrial" }, images)],
      ["edit a product", `/catalog/products/${productId}/edit`, multipart({ title: "x", category: "Industrial" }, images)],
      [
        "leads import",
        "/leads-import?index",
        multipart({}, [{ field: "file", filename: "leads.csv", head: "company_name,email\n", size: 50 * MB }]),
      ],
    ];
    // Warm-up: the first requests load the app, and the first large body the runtime receives
    // grows its buffers once, whoever sends it and whether or not the Worker reads it (a visitor's
    // post, redirected unread: about +17 MB here, kept for every later body). Neither is what is
    // measured; the visitor's post is printed first, as the runtime's own share.
    for (let i = 0; i < 5; i++) await (await fetch(`${app.url}/`)).arrayBuffer();
    for (const [, path] of rows) await post(app.url, path, member, multipart(registration, []));
    const results = [];
    const runtime = await measured(app, async () => [await post(app.url, rows[0][1], "", verification)]);
    results.push({ what: "warm-up: a visitor's 50 MB (redirected, never read by the app)", ...runtime, goal: false });

    for (const [name, path, body] of rows) {
      const run = await measured(app, async () => [await post(app.url, path, member, body)]);
      results.push({ what: `a free member's 50 MB to the supplier's ${name}`, ...run, goal: true });
    }
    const visitors = await measured(app, () => Promise.all(Array.from({ length: 8 }, () => post(app.url, rows[0][1], "", verification))));
    results.push({ what: "eight visitors' at once (the runtime's share: the app redirects them unread)", ...visitors, goal: false });
    const eight = await measured(app, () => Promise.all(Array.from({ length: 8 }, () => post(app.url, rows[0][1], member, verification))));
    results.push({ what: "eight free members' 50 MB at once to the company verification", ...eight, goal: false });
    const own = await measured(app, async () => [await post(app.url, rows[0][1], supplier, verification)]);
    // Local R2 runs in the same process as the Worker under `wrangler dev`: this row counts its
    // memory too.
    results.push({ what: "the supplier's own five 10 MB documents (stored; local R2 counted)", ...own, goal: false });
    return results;
  } finally {
    app.stop();
  }
}

const versions = [
  { name: "this", cwd: process.cwd() },
  ...(process.env.BENCH_BEFORE ? [{ name: "before", cwd: process.env.BENCH_BEFORE }] : []),
];
let missed = false;
for (const version of versions) {
  console.log(`\n${version.name} (${version.cwd})`);
  console.log("what | answers (ms) | runtime memory before | peak above | kept above");
  for (const r of await measure(version.cwd)) {
    const answers = r.answers.map((a) => `${a.status} (${a.ms})`).join(", ");
    const verdict = r.goal ? (r.peak < GOAL_MB ? " ok" : ` over the goal of ${GOAL_MB} MB`) : "";
    if (r.goal && r.peak >= GOAL_MB && version.name === "this") missed = true;
    console.log(`${r.what} | ${answers} | ${r.base.toFixed(0)} MB | +${r.peak.toFixed(1)} MB${verdict} | +${r.kept.toFixed(1)} MB`);
  }
}
process.exit(missed ? 1 : 0);
