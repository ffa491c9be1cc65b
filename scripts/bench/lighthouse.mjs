// `npm run bench:lighthouse`: Lighthouse (mobile, its default) on the built app under wrangler dev
// on loopback, three runs per page, the median of each score, with the page's total transfer.
// Chromium is found as for the end-to-end tests (scripts/find-chromium.mjs).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { findChromium } from "../find-chromium.mjs";
import { median, startApp } from "./app-server.mjs";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/**
 * What kept a page from full marks, for the run with the median Performance: audits of the other
 * categories that failed, and Performance's metrics that scored under 0.9.
 */
function failingAudits(runs) {
  const sorted = [...runs].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  const lhr = sorted[Math.floor(sorted.length / 2)];
  const found = [];
  for (const [id, category] of Object.entries(lhr.categories)) {
    for (const { id: auditId, weight } of category.auditRefs) {
      const audit = lhr.audits[auditId];
      if (!audit || audit.score === null || weight === 0) continue;
      if (audit.score < (id === "performance" ? 0.9 : 1)) found.push(`${id}/${auditId} ${audit.displayValue ?? audit.score}`);
    }
  }
  return found;
}

const failing = new Map();
const app = await startApp();
const { executablePath, args } = await findChromium();
const chrome = await chromeLauncher.launch({ chromePath: executablePath, chromeFlags: ["--headless=new", ...args] });
try {
  const first = async (path) => (await fetch(`${app.url}${path}`)).text();
  const companyPath = (await first("/companies").catch(() => "")).match(/href="(\/companies\/[^"?]+)"/)?.[1];
  const blogPath = (await first("/blog").catch(() => "")).match(/href="(\/blog\/[^"?]+)"/)?.[1];
  const pages = ["/", "/products", "/product/1", "/trade-leads", "/membership", "/companies", companyPath, blogPath].filter(Boolean);
  console.log("| page | Performance | Accessibility | Best Practices | SEO | transfer |");
  console.log("|---|---|---|---|---|---|");
  for (const path of pages) {
    const runs = [];
    const failures = [];
    // A tab that crashes ('Target closed') loses one run, not the table: that run is tried again.
    while (runs.length < RUNS && failures.length < RUNS) {
      try {
        const { lhr } = await lighthouse(`${app.url}${path}`, { port: chrome.port, output: "json", logLevel: "error" });
        runs.push(lhr);
      } catch (error) {
        failures.push(error.message);
      }
    }
    if (failures.length) console.error(`${path}: ${failures.length} run(s) failed and were tried again: ${failures[0]}`);
    if (runs.length === 0) {
      console.log(`| ${path} | failed | | | | |`);
      continue;
    }
    const score = (id) => Math.round(median(runs.map((r) => (r.categories[id]?.score ?? 0) * 100)));
    const bytes = median(runs.map((r) => r.audits["total-byte-weight"]?.numericValue ?? 0));
    console.log(
      `| ${path} | ${score("performance")} | ${score("accessibility")} | ${score("best-practices")} | ${score("seo")} | ${(bytes / 1024).toFixed(0)} KB |`,
    );
    failing.set(path, failingAudits(runs));
  }
  for (const [path, audits] of failing) if (audits.length) console.log(`\n${path}: ${audits.join("; ")}`);
} finally {
  await chrome.kill();
  app.stop();
}
