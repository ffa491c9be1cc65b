// Prints a page's HTML size and the client JavaScript it loads before hydrating (gzipped), from the
// build output: its scripts and the language's labels that root.tsx preloads for the browser's i18next.
// Usage: node scripts/page-weight.mjs http://127.0.0.1:8787/
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const url = process.argv[2] ?? "http://127.0.0.1:8787/";
const html = await (await fetch(url)).text();
const scripts = new Set(
  [...html.matchAll(/(?:modulepreload" href|import \* as \w+ from|src)="?(\/assets\/[^"\s;]+\.js)/g)].map((m) => m[1]),
);
const labels = new Set([...html.matchAll(/href="(\/assets\/[a-z]{2}-[^"/]+\.json)"/g)].map((m) => m[1]));
const weigh = (paths) => {
  let raw = 0;
  let gzip = 0;
  for (const path of paths) {
    const bytes = readFileSync(`build/client${path}`);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
};
const code = weigh(scripts);
const text = weigh(labels);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`${url}
  HTML: ${kb(Buffer.byteLength(html))} (${kb(gzipSync(html).length)} gzipped)
  JavaScript: ${scripts.size + labels.size} files, ${kb(code.raw + text.raw)} (${kb(code.gzip + text.gzip)} gzipped), of which labels: ${labels.size} files, ${kb(text.raw)} (${kb(text.gzip)} gzipped)`);
