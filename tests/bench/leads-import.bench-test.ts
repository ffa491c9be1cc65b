// `npm run bench:import` (after `npm run build`): imports generated CSVs of 10,000 and 50,000
// rows (about 155 bytes a row, so ~1.5 MB and ~7.7 MB) through the real action, inside workerd
// with local D1 and R2, and times the parts. `BENCH_IMPORT_ROWS=20000,80000` sets other sizes.
//
// workerd's clock only moves at I/O, so each CPU-bound step is closed by a trivial D1 read: the
// step's time is then its CPU time (plus that one read). The D1 batch and the R2 write are I/O:
// in production they run in D1 and R2, not on the Worker's CPU.
import { env } from "cloudflare:test";
import { it } from "vitest";
import { parseLeadsCsv } from "~/lib/lead-csv";
import { leadInserts } from "~/models/lead-imports.server";
import { ORIGIN, sessionCookie } from "../support/factories";
import { fetchWorker } from "../support/worker";

const HEADER = "company_name,contact_name,email,phone,country,industry,status,notes";
const STATUSES = ["hot", "warm", "cold", "new", "qualified", "converted"];

function csv(rows: number) {
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `"Company ${i}, Ltd.",Contact Person ${i},contact${i}@company${i}.example,+1-555-${String(i).padStart(7, "0")},United States,Industrial Equipment,${STATUSES[i % 6]},"Met at fair, wants a quote"`,
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

const tick = async () => {
  await env.DB.prepare("select 1").first();
  return Date.now();
};

async function timed<T>(work: () => T | Promise<T>) {
  const start = await tick();
  const value = await work();
  return { value, ms: (await tick()) - start };
}

/** A fixed amount of CPU work, so readers can tell how loaded the machine was. */
function calibrate() {
  let x = 0;
  for (let i = 0; i < 10_000_000; i++) x = (x + i) % 1_000_003;
  return x;
}

it("leads import at scale", async () => {
  const admin = await sessionCookie(null, true);
  const lines: string[] = [];
  const loop = await timed(calibrate);
  lines.push(`calibration (machine load): a fixed 10^7-step loop took ${loop.ms} ms`);

  for (const rows of env.BENCH_IMPORT_ROWS.split(",").map(Number)) {
    await env.DB.prepare("delete from leads").run();
    const text = csv(rows);
    const bytes = new TextEncoder().encode(text);

    const parse = await timed(() => parseLeadsCsv(text));
    const build = await timed(() => leadInserts(null, parse.value.leads, Date.now()));
    const statements = build.value;
    const batch = await timed(() => env.DB.batch(statements.map((s) => env.DB.prepare(s.sql).bind(...s.params))));
    await env.DB.prepare("delete from leads").run();

    const form = new FormData();
    form.append("file", new File([bytes], `bench-${rows}.csv`));
    const encoded = new Request(ORIGIN, { method: "POST", body: form });
    const body = await encoded.arrayBuffer();
    const request = await timed(() =>
      fetchWorker(`${ORIGIN}/leads-import?index`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: ORIGIN,
          Host: "localhost",
          Cookie: admin,
          "Content-Type": encoded.headers.get("Content-Type")!,
          "Content-Length": String(body.byteLength),
        },
        body,
      }),
    );
    const stored = (await env.DB.prepare("select count(*) as n from leads").first<{ n: number }>())!.n;
    lines.push(
      [
        `${rows.toLocaleString("en")} rows, ${(bytes.length / 1e6).toFixed(2)} MB, ${statements.length} INSERTs in one batch:`,
        `  whole request (multipart, checks, R2 put, parse, batch, redirect): ${request.ms} ms wall, status ${request.value.status}, ${stored} leads stored`,
        `  CPU: papaparse + CSV rules ${parse.ms} ms, statements ${build.ms} ms`,
        `  I/O: the D1 batch alone ${batch.ms} ms (local SQLite)`,
      ].join("\n"),
    );
  }
  console.log(lines.join("\n"));
});
