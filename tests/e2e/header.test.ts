// Issue 38, item 19: at 1280 × 800 nothing in the header wraps, in any of the six languages, for a
// visitor, a signed-in member and an admin; a member's own links sit in an account menu that the
// keyboard opens and closes.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/lib/constants";
import { DEMO_PASSWORD } from "../../db/seed/data";
import { eventually, scan, signInAs, useBrowser, visit } from "./browser";

const browser = useBrowser();
const DESKTOP = { width: 1280, height: 800 };
const ROWS = ["top-bar", "main-bar", "nav-bar", "top-searches"];

/**
 * What breaks a row's single line, as seen in the page: items of a row that do not share one line
 * (an item wrapped below another), text that wraps inside an item, and items that stick out of
 * the row or the window. Hidden items (closed menus, phone-only controls) do not count.
 */
function lineBreaks(page: Page) {
  return page.evaluate((rows) => {
    const problems: string[] = [];
    const shown = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden";
    const name = (element: Element) => (element.textContent ?? "").trim().slice(0, 40) || element.tagName;
    for (const id of rows) {
      const row = document.querySelector(`[data-testid="${id}"]`);
      if (!row || !shown(row)) {
        problems.push(`${id}: not shown`);
        continue;
      }
      const box = row.getBoundingClientRect();
      const style = getComputedStyle(row);
      const left = box.left + parseFloat(style.paddingLeft) - 1;
      const right = box.right - parseFloat(style.paddingRight) + 1;
      const items = [...row.children].filter(shown).map((element) => ({ element, rect: element.getBoundingClientRect() }));
      // One line: every item's vertical extent overlaps every other's.
      const lowestTop = Math.max(...items.map((i) => i.rect.top));
      const highestBottom = Math.min(...items.map((i) => i.rect.bottom));
      if (lowestTop >= highestBottom)
        problems.push(
          `${id}: items on more than one line (${items.map((i) => `${name(i.element)}@${Math.round(i.rect.top)}`).join(", ")})`,
        );
      for (const { element, rect } of items) {
        if (rect.left < left || rect.right > right)
          problems.push(`${id}: "${name(element)}" sticks out (${Math.round(rect.left)}–${Math.round(rect.right)})`);
      }
      // No text inside an item wraps: each text node that is shown lies on one line.
      const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || !node.parentElement || !shown(node.parentElement)) continue;
        if (node.parentElement.closest("details:not([open]) > :not(summary), .sr-only")) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) problems.push(`${id}: "${node.textContent.trim().slice(0, 40)}" wraps`);
      }
    }
    if (document.documentElement.scrollWidth > window.innerWidth)
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    return problems;
  }, ROWS);
}

const WHO = [
  { who: "a visitor", email: null },
  { who: "a free member", email: "free@example.com" },
  { who: "an admin", email: "admin@example.com" },
] as const;

describe.each([true, false])("the header at 1280 × 800 with JavaScript %s", (javaScript) => {
  it.each(WHO)("keeps every row on one line in all six languages for $who", async ({ email }) => {
    const page = await browser.open({ javaScript, viewport: DESKTOP });
    if (email) await signInAs(page, email, DEMO_PASSWORD);
    const found: string[] = [];
    for (const { code } of LANGUAGES) {
      await visit(page, `/?lng=${code}`);
      expect(await page.getAttribute("html", "lang")).toBe(code);
      if (email) await page.getByTestId("account-menu").waitFor();
      if (email === "admin@example.com") await page.getByTestId("admin-mode").waitFor();
      found.push(...(await lineBreaks(page)).map((problem) => `${code}: ${problem}`));
    }
    expect(found).toEqual([]);
  });

  it("opens the account menu from the keyboard, reaches each of its items, and signs out from it", async () => {
    const page = await browser.open({ javaScript, viewport: DESKTOP });
    await signInAs(page, "free@example.com", DEMO_PASSWORD);
    await visit(page, "/products");
    const menu = page.getByTestId("account-menu");
    expect(await menu.getByTestId("greeting").textContent()).toBe("Hello, free@example.com");
    const summary = menu.locator("summary");
    await summary.focus();
    await page.keyboard.press("Enter");
    expect(await menu.getAttribute("open")).not.toBeNull();
    // Tab walks the menu's items in order, each with its label.
    const reached: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      reached.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ""));
    }
    expect(reached).toEqual(["My Catalog", "My Requests", "Settings", "Sign Out"]);
    await scan(page, { again: true });
    if (javaScript) {
      // Escape closes it and gives the focus back to its button.
      await page.keyboard.press("Escape");
      await eventually(() => menu.getAttribute("open"), null);
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("SUMMARY");
      await page.keyboard.press("Enter");
      await page.getByRole("link", { name: "My Requests" }).click();
      await page.waitForURL((url) => url.pathname === "/requests");
      // A page change closes it (once the new page has rendered: wait for it, not for the address).
      await eventually(() => menu.getAttribute("open"), null);
      await summary.click();
    }
    await menu.getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("link", { name: "Sign In", exact: true }).waitFor();
    expect(await page.getByTestId("account-menu").count()).toBe(0);
  });

  it("labels the icon-only controls for screen readers", async () => {
    const page = await browser.open({ javaScript, viewport: DESKTOP });
    await signInAs(page, "free@example.com", DEMO_PASSWORD);
    await visit(page, "/");
    const header = page.locator("header");
    // A count, when there is one, follows the name ("Cart, 2 items").
    for (const [role, name] of [
      ["link", /^Inbox\b/],
      ["link", /^Notifications\b/],
      ["link", /^Cart\b/],
      ["button", /^Search$/],
    ] as const) {
      expect(await header.getByRole(role, { name }).first().isVisible(), String(name)).toBe(true);
    }
    expect(await header.getByText("Hello, free@example.com").isVisible()).toBe(true);
  });
});
