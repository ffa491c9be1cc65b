// Prints a page's HTML size and the client JavaScript it loads (gzipped), from the build output.
// Usage: node scripts/page-weight.mjs http://127.0.0.1:8787/
import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const url = process.argv[2] ?? "http://127.0.0.1:8787/";
const html = await (await fetch(url)).text();
const scripts = new Set([...html.matchAll(/(?:modulepreload" href|import \* as \w+ from|src)="?(\/assets\/[^"\s;]+\.js)/g)].map((m) => m[1]));
const lang = html.match(/<html lang="(\w+)"/)?.[1] ?? "en";
// The active language's labels are a chunk of their own, loaded before hydration.
const locale = readdirSync("build/client/assets").find((name) => new RegExp(`^${lang}-[\\w-]{8}\\.js$`).test(name));
if (locale) scripts.add(`/assets/${locale}`);
let raw = 0;
let gzip = 0;
for (const path of scripts) {
  const bytes = readFileSync(`build/client${path}`);
  raw += bytes.length;
  gzip += gzipSync(bytes, { level: 9 }).length;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`${url}\n  HTML: ${kb(Buffer.byteLength(html))} (${kb(gzipSync(html).length)} gzipped)\n  JavaScript: ${scripts.size} files, ${kb(raw)} (${kb(gzip)} gzipped)`);
