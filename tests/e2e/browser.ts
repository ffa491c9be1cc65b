import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export const baseURL = () => inject("baseURL");

const javaScriptOff = new WeakSet<Page>();

/** One Chromium per test file; `open(js)` gives a fresh context with JavaScript on or off. */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    // The global setup found the browser (scripts/find-chromium.mjs) and its flags.
    const { executablePath, args } = inject("chromium");
    browser = await chromium.launch({ executablePath, args });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });
  return {
    async open({ javaScript }: { javaScript: boolean }) {
      const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: javaScript, locale: "en-US" });
      contexts.push(context);
      const page = await context.newPage();
      if (!javaScript) javaScriptOff.add(page);
      return page;
    },
  };
}

/**
 * What makes pages "the same page" for the accessibility scan: the path with numeric and uuid
 * segments replaced, without the query. `/product/7?tab=x` and `/product/12` are one page type.
 */
export function pageType(url: string) {
  const { pathname } = new URL(url, "http://localhost");
  return pathname
    .split("/")
    .map((segment) => (/^\d+$/.test(segment) || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment) ? ":id" : segment))
    .join("/");
}

// Page types scanned in this run. The e2e config turns test-file isolation off, so this holds for the whole run.
const scanned = new Set<string>();

/**
 * Runs axe-core on the current page and fails on serious or critical findings. Injected by
 * evaluation (not a <script> tag) so the page's Content-Security-Policy stays as strict as in production.
 */
export async function expectAccessible(page: Page) {
  scanned.add(pageType(page.url()));
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: any[] }> } }).axe.run({
      resultTypes: ["violations"],
    });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n: { target: string[] }) => n.target.join(" ")).join(", ")}`);
  });
  expect(violations, `accessibility of ${page.url()}`).toEqual([]);
}

/**
 * Navigates and scans the page for accessibility problems the first time its page type is seen
 * (a scan takes about a second); `{ scan: true }` scans again, for a state that only an interaction
 * reaches. axe needs script execution, so the scan runs where JavaScript is on; the journeys with
 * it off render the same server HTML.
 */
export async function visit(page: Page, path: string, { scan = false }: { scan?: boolean } = {}) {
  const response = await page.goto(path);
  if (!javaScriptOff.has(page) && (scan || !scanned.has(pageType(page.url())))) await expectAccessible(page);
  return response;
}
