import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export const baseURL = () => inject("baseURL");

// Without the networking flags Chromium floods this closed network with requests.
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const javaScriptOff = new WeakSet<Page>();

/** One Chromium per test file; `open(js)` gives a fresh context with JavaScript on or off. */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
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
 * Runs axe-core on the current page and fails on serious or critical findings. Injected by
 * evaluation (not a <script> tag) so the page's Content-Security-Policy stays as strict as in production.
 */
export async function expectAccessible(page: Page) {
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
 * Navigates and scans the page for accessibility problems. axe needs script execution, so the
 * scan runs where JavaScript is on; the journeys with it off render the same server HTML.
 */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  if (!javaScriptOff.has(page)) await expectAccessible(page);
  return response;
}
