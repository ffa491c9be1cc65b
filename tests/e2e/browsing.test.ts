import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE, scan, useBrowser, visit } from "./browser";

const browser = useBrowser();

/** How many of these elements stand on each row, top to bottom. */
async function rowSizes(elements: Locator) {
  const tops = await elements.evaluateAll((nodes) => nodes.map((node) => Math.round(node.getBoundingClientRect().top)));
  const rows = new Map<number, number>();
  for (const top of tops) rows.set(top, (rows.get(top) ?? 0) + 1);
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, size]) => size);
}

describe.each([true, false])("browsing with JavaScript %s", (javaScript) => {
  it("shows the home page's sections and opens a product from a card", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/");
    expect(await page.title()).toContain("Your Key To Global Trade");
    for (const heading of [
      "Top Products",
      "Trending Products",
      "Latest Buy Offers",
      "Latest Products",
      "Featured Products",
      "Premium Services",
      "Trade News",
    ]) {
      await page.getByRole("heading", { level: 2, name: heading, exact: true }).waitFor();
    }
    expect(await page.locator("section[aria-labelledby='featured-products'] a:has(h3)").count()).toBe(12);
    const card = page.locator("section[aria-labelledby='top-products'] a:has(h3)").first();
    const title = await card.locator("h3").textContent();
    await card.click();
    await page.waitForURL(/\/product\/\d+$/);
    await page.getByRole("heading", { level: 1, name: title! }).waitFor();
    await scan(page);
  });

  it("filters by a home category and pages through the list", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/");
    await page.getByRole("link", { name: "Consumer Electronics" }).click();
    await page.getByRole("heading", { level: 1, name: "Consumer Electronics Products" }).waitFor();

    await visit(page, "/products");
    await page.getByRole("heading", { level: 1, name: "All Products" }).waitFor();
    const firstOnPage1 = await page.getByTestId("product-grid").locator("a").first().getAttribute("href");
    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/page=2/);
    await page.getByText(/^Page 2 of \d+$/).waitFor();
    expect(await page.getByTestId("product-grid").locator("a").first().getAttribute("href")).not.toBe(firstOnPage1);
    expect(await page.getByTestId("product-grid").locator("a").count()).toBe(50);
  });

  it("runs a Top Searches term and follows a supplier's other products to its company page", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/");
    await page.getByRole("link", { name: "Hair Wigs", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: 'Search Results for "Hair Wigs"' }).waitFor();
    await page.getByTestId("product-grid").locator("a").first().click();
    await page.waitForURL(/\/product\/\d+$/);
    const more = page.getByRole("link", { name: /^View More Products from / });
    const company = (await more.textContent())!.replace("View More Products from ", "");
    await more.click();
    await page.getByRole("heading", { level: 1, name: company }).waitFor();
    expect(await page.getByTestId("company-products").getByRole("link").count()).toBeGreaterThan(0);
  });

  it("lays the Trade News strip in full rows and lists every article at /news", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/");
    const strip = page.getByTestId("trade-news");
    const cards = strip.locator("li");
    expect(await rowSizes(cards)).toEqual([4]);
    const titles = await strip.locator("h3").allTextContents();
    for (const [width, rows] of [
      [1024, [4]],
      [768, [2, 2]],
      [PHONE.width, [1, 1, 1, 1]],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      expect(await rowSizes(cards), `at ${width} px`).toEqual(rows);
    }
    await page.setViewportSize({ width: 1280, height: 720 });

    await strip.getByRole("link", { name: "All trade news" }).click();
    await page.waitForURL((url) => url.pathname === "/news");
    await page.getByRole("heading", { level: 1, name: "Trade News" }).waitFor();
    await scan(page);
    const list = page.getByTestId("news-list");
    const listed = await list.locator("h2").allTextContents();
    expect(listed.slice(0, 4)).toEqual(titles);
    const sizes = await rowSizes(list.locator("li"));
    expect(sizes.slice(0, -1).every((size) => size === 3)).toBe(true);

    await list.getByRole("link").nth(1).click();
    await page.getByRole("heading", { level: 1, name: listed[1] }).waitFor();
    await page.getByRole("link", { name: "Back to Trade News" }).click();
    await page.waitForURL((url) => url.pathname === "/news");
    await page.getByTestId("news-list").waitFor();
  });

  it("shows 'Product Not Found' for an unknown product and leads back", async () => {
    const page = await browser.open({ javaScript });
    const response = await visit(page, "/product/987654");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Product Not Found" }).waitFor();
    await page.getByRole("link", { name: "Back to Products" }).last().click();
    await page.getByRole("heading", { level: 1, name: "All Products" }).waitFor();
  });
});

describe("browsing with JavaScript on", () => {
  it("shows 12 skeleton cards while the next list loads", async () => {
    const page = await browser.open({ javaScript: true });
    await visit(page, "/products");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/products\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("link", { name: "Next" }).click();
    await page.getByTestId("product-skeleton").first().waitFor();
    expect(await page.getByTestId("product-skeleton").count()).toBe(12);
    release();
    await page.getByText(/^Page 2 of \d+$/).waitFor();
    expect(await page.getByTestId("product-skeleton").count()).toBe(0);
  });
});

describe("hydration", () => {
  it("hydrates public pages in English and French without an error: the browser's labels say what the server said", async () => {
    const page = await browser.open({ javaScript: true });
    const errors: string[] = [];
    page.on("console", (message) => void (message.type() === "error" && errors.push(`${page.url()}: ${message.text()}`)));
    page.on("pageerror", (error) => void errors.push(`${page.url()}: ${error.message}`));
    // French from ?lng=fr on, remembered (the lng cookie) by the pages after it.
    const visits = [
      ["/", "en"],
      ["/products", "en"],
      ["/product/1", "en"],
      ["/trade-leads", "en"],
      ["/membership", "en"],
      ["/?lng=fr", "fr"],
      ["/products", "fr"],
      ["/companies", "fr"],
    ];
    for (const [path, language] of visits) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await page.waitForFunction(() => "__remixRouter" in window);
      expect(await page.locator("html").getAttribute("lang"), path).toBe(language);
    }
    expect(errors).toEqual([]);
  });
});
