import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { eventually, scan, useBrowser, visit } from "./browser";

const browser = useBrowser();

/** The number a "Label (n)" option promises, and the number the list then says it found. */
const promised = (label: string) => Number(/\(([\d,]+)\)$/.exec(label)![1].replace(/,/g, ""));
async function found(page: Page) {
  const text = (await page.getByTestId("found-count").textContent())!;
  return Number(/Found ([\d,]+)/.exec(text)![1].replace(/,/g, ""));
}
async function apply(page: Page, url: RegExp) {
  await page.getByTestId("apply-filters").click();
  await page.waitForURL(url);
}

describe.each([true, false])("search filters with JavaScript %s", (javaScript) => {
  it("searches, narrows by country, verified and MOQ with counts that match the list, sorts by price, and removes filters", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/products");
    const filters = page.getByTestId("search-filters");
    await filters.getByLabel("Search products").fill("premium");
    await apply(page, /search=premium/);
    await page.getByRole("heading", { level: 1, name: 'Search Results for "premium"' }).waitFor();
    // The words stay in the search box.
    expect(await filters.getByLabel("Search products").inputValue()).toBe("premium");

    const country = filters.getByTestId("country-options").getByRole("checkbox").first();
    const countryLabel = (await country.locator("xpath=..").textContent())!.trim();
    await country.check();
    await apply(page, /country=[A-Z]{2}/);
    await eventually(() => found(page), promised(countryLabel));

    const verified = filters.getByRole("checkbox", { name: /^Verified suppliers only/ });
    const verifiedLabel = (await verified.locator("xpath=..").textContent())!.trim();
    await verified.check();
    await apply(page, /verified=1/);
    if (promised(verifiedLabel) === 0) await page.getByText("No products found matching your criteria.").waitFor();
    else await eventually(() => found(page), promised(verifiedLabel));
    // Its chip removes it again.
    await page.getByTestId("filter-chip").filter({ hasText: "Verified suppliers" }).click();
    await page.waitForURL((url) => !url.search.includes("verified="));
    await eventually(() => found(page), promised(countryLabel));

    await filters.getByLabel("Minimum order at most").fill("500");
    await filters.getByLabel("Sort by").selectOption("price_asc");
    await apply(page, /moq_max=500.*sort=price_asc|sort=price_asc.*moq_max=500/);
    await page.getByTestId("filter-chip").filter({ hasText: "Minimum order ≤ 500" }).waitFor();
    const narrowed = await found(page);
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThanOrEqual(promised(countryLabel));
    expect(await filters.getByLabel("Sort by").inputValue()).toBe("price_asc");
    expect(await page.getByTestId("filter-chip").count()).toBe(2);
    await scan(page);

    // A value it cannot use is left out with a note; clear all keeps the words.
    await visit(page, "/products?search=premium&country=ZZ&price_min=-4");
    await page
      .getByTestId("filter-notes")
      .getByText(/country “ZZ”/)
      .waitFor();
    await visit(page, "/products?search=premium&country=CN&samples=1");
    await page.getByTestId("clear-filters").click();
    await page.waitForURL((url) => url.search === "?search=premium");
    await eventually(() => page.getByTestId("filter-chip").count(), 0);
  });
});
