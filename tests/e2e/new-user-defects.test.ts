import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/seed/data";
import { signInAs, useBrowser, visit } from "./browser";

// What a new user tripped over (issue 24), as a person sees it in Chromium, with JavaScript on and
// off. Items 1 (messages), 2 (My Requests), 4 (languages), 7 (phone width), 11 (lead import) and 12
// (Trade News) are in the journeys of their own screens.

const browser = useBrowser();

describe.each([true, false])("what a new user tripped over, with JavaScript %s", (javaScript) => {
  it("3. My Catalog counts its products; 5. a price on request stays out of the cart's totals", async () => {
    const page = await browser.open({ javaScript });
    await signInAs(page, "supplier01@example.com", DEMO_PASSWORD);
    await visit(page, "/catalog");
    const counts = await page
      .getByTestId("catalog-card")
      .getByText(/^Products: \d+ of \d+/)
      .allTextContents();
    expect(counts.length).toBeGreaterThan(0);
    // The demo catalog has products: its counter says so (it read 'Products: 0' before).
    expect(counts.some((text) => !text.startsWith("Products: 0 "))).toBe(true);

    // A product without a price: the cart says 'Price on request' and leaves it out of the total.
    await visit(page, "/products?search=Certified%20Nitrile%20Gloves");
    await page.getByTestId("product-grid").locator("a").first().click();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page
      .getByRole("link", { name: /^Cart, \d+\+? items?/ })
      .first()
      .waitFor();
    await visit(page, "/cart");
    await page.getByText("Price on request").first().waitFor();
    expect(await page.locator("body").textContent()).not.toMatch(/CN¥0\.00|\$0\.00/);
    await page.getByRole("button", { name: "Clear Cart" }).click();
  });

  it("6. the navigation marks only the current item; 8. a page past the last one says which pages exist; 9. plurals", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/products");
    const nav = page.getByRole("navigation", { name: "Main navigation" }).last();
    expect(await nav.locator('[aria-current="page"]').allTextContents()).toEqual(["Products"]);
    await visit(page, "/products?category=Electronics");
    expect(await nav.locator('[aria-current="page"]').allTextContents()).toEqual(["Electronics"]);

    await visit(page, "/products?page=999");
    await page.getByRole("link", { name: /^Go to page \d+$/ }).waitFor();
    expect(await page.getByText("No products found matching your criteria.").count()).toBe(0);

    await visit(page, "/companies?q=pro%20exports");
    await page.getByText("Found 1 company", { exact: true }).waitFor();
  });

  it("10. membership plan cards list each limit once; 13. a search ranks what a product is above who sells it", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/membership");
    for (const card of await page.locator('[data-testid^="plan-"]').all()) {
      const features = await card.locator("li").allTextContents();
      expect(new Set(features).size, features.join(" | ")).toBe(features.length);
      expect(features.join(" ")).not.toMatch(/Unlimited .*\(up to/);
    }
    await visit(page, "/products?search=rice");
    const titles = await page.getByTestId("product-grid").locator("h2, h3").allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles[0].toLowerCase()).toContain("rice");
  });
});

// Issue 38 (the quote loop): items 1 to 4 and 9 are in the journey of tests/e2e/quotes.test.ts.
describe.each([true, false])("what a new user tripped over in the quote loop, with JavaScript %s", (javaScript) => {
  it("10. private messages refuse a free member under their own heading, not the forum's, in their language", async () => {
    const page = await browser.open({ javaScript });
    await signInAs(page, "free@example.com", DEMO_PASSWORD);
    await visit(page, "/messages");
    await page.getByRole("heading", { level: 1, name: "Private Messages Need a Paid Membership" }).waitFor();
    expect(await page.getByRole("heading", { name: "Trade Forum Access" }).count()).toBe(0);
    await page.getByRole("link", { name: "Upgrade to Premium" }).waitFor();
    // The forum keeps its own.
    await visit(page, "/forum");
    await page.getByRole("heading", { level: 1, name: "Trade Forum Access" }).waitFor();
    await visit(page, "/messages?lng=hi");
    await page.getByRole("heading", { level: 1, name: "निजी संदेशों के लिए सशुल्क सदस्यता आवश्यक है" }).waitFor();
  });
});

// Issue 38, item 17: the membership form's country starts at the visitor's country (Cloudflare's CF-IPCountry).
describe.each([true, false])("the membership form's country, with JavaScript %s", (javaScript) => {
  it("17. preselects the visitor's country, and Romania when Cloudflare does not know it", async () => {
    const page = await browser.open({ javaScript });
    const details = "/membership?plan=free&step=details";
    await page.context().setExtraHTTPHeaders({ "CF-IPCountry": "IN" });
    await visit(page, details);
    expect(await page.getByLabel("Country").inputValue()).toBe("India");
    await visit(page, "/auth?mode=signup");
    expect(await page.getByLabel("Country").inputValue()).toBe("India");
    await page.context().setExtraHTTPHeaders({ "CF-IPCountry": "XX" });
    await visit(page, details);
    expect(await page.getByLabel("Country").inputValue()).toBe("Romania");
    await page.context().setExtraHTTPHeaders({});
    await visit(page, details);
    expect(await page.getByLabel("Country").inputValue()).toBe("Romania");
    await visit(page, "/auth?mode=signup");
    expect(await page.getByLabel("Country").inputValue()).toBe("");
  });
});
