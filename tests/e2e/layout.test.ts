import type { Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/lib/constants";
import en from "~/locales/en.json";
import es from "~/locales/es.json";
import fr from "~/locales/fr.json";
import hi from "~/locales/hi.json";
import ja from "~/locales/ja.json";
import zh from "~/locales/zh.json";
import { DEMO_PASSWORD } from "../../db/seed/data";
import { PHONE, scan, signInAs, useBrowser, visit } from "./browser";

const browser = useBrowser();
const labelsOf = { en, es, fr, zh, hi, ja };

describe.each([true, false])("layout with JavaScript %s", (javaScript) => {
  it("renders the header, footer and language switcher in all six languages", async () => {
    const page = await browser.open({ javaScript });
    for (const { code } of LANGUAGES) {
      const labels = labelsOf[code];
      await visit(page, `/?lng=${code}`);
      expect(await page.getAttribute("html", "lang")).toBe(code);
      await expect(page.locator("header").getByPlaceholder(labels.header.searchPlaceholder).first().isVisible()).resolves.toBe(true);
      expect(await page.locator("footer").textContent()).toContain(labels.footer.joinAsSupplier);
      expect(await page.getByTestId("language-switcher").textContent()).toContain(LANGUAGES.find((l) => l.code === code)!.name);
    }
  });

  it("switches language from the switcher and keeps it on the next page", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/products");
    await page.getByTestId("language-switcher").locator("summary").click();
    await page.getByRole("link", { name: "Français" }).click();
    await page.waitForURL(/lng=fr/);
    expect(await page.getAttribute("html", "lang")).toBe("fr");
    await page.locator("header nav:visible a[href='/contact']").click();
    await page.waitForURL(/\/contact/);
    expect(await page.getAttribute("html", "lang")).toBe("fr");
  });

  it("searches from the header with a trimmed term; a blank term does nothing", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/");
    const box = page.locator("#header-search");
    const searches: string[] = [];
    const recordSearch = (request: Request) => {
      const url = new URL(request.url());
      if (url.searchParams.has("search")) searches.push(url.searchParams.get("search")!);
    };
    page.on("request", recordSearch);
    await box.fill("   ");
    await box.press("Enter");
    // The browser keeps the form from being sent (required, and a pattern that wants a non-space).
    expect(await box.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);

    await box.fill("  Rice ");
    await box.press("Enter");
    await page.waitForURL(/\/products\?search=/);
    // The blank term, had it been sent, would have gone before this one.
    expect(searches.map((term) => term.trim())[0]).toBe("Rice");
    page.off("request", recordSearch);
    await page.getByRole("heading", { level: 1, name: 'Search Results for "Rice"' }).waitFor();
    expect(Number((await page.getByTestId("found-count").textContent())!.match(/\d+/)![0])).toBeGreaterThan(0);
    if (javaScript) expect(await box.inputValue()).toBe("");
  });

  it("answers an unknown path with the 404 page", async () => {
    const page = await browser.open({ javaScript });
    const response = await visit(page, "/no/such/page");
    expect(response?.status()).toBe(404);
    expect(await page.locator("main").textContent()).toContain("Oops! Page not found");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });

  it("opens the mobile menu on a small screen", async () => {
    const page = await browser.open({ javaScript });
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, "/");
    const menu = page.getByTestId("mobile-menu");
    expect(await menu.getByRole("link", { name: "Trade Leads" }).isVisible()).toBe(false);
    await menu.locator("summary").click();
    expect(await menu.getByRole("link", { name: "Trade Leads" }).isVisible()).toBe(true);
  });

  it("reaches Post RFQ from the menu at phone width and opens a buy request", async () => {
    const page = await browser.open({ javaScript, viewport: PHONE });
    await signInAs(page, "free@example.com", DEMO_PASSWORD);
    await visit(page, "/products");
    const menu = page.getByTestId("mobile-menu");
    await menu.locator("summary").click();
    const postRfq = menu.getByRole("link", { name: "Post RFQ" });
    expect(await postRfq.isVisible()).toBe(true);
    const box = (await postRfq.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await scan(page, { again: true });
    await postRfq.click();
    await page.waitForURL((url) => url.pathname === "/trade-leads/new" && url.searchParams.get("type") === "buy");
    await page.getByRole("heading", { level: 1, name: "Create Trade Lead" }).waitFor();
    expect(await page.getByRole("radio", { name: "Looking to Buy" }).isChecked()).toBe(true);
  });
});
