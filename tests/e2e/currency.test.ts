import { describe, expect, it } from "vitest";
import { unlockAdminMode, useBrowser, visit } from "./browser";
import { E2E_ADMIN_PASSWORD } from "./global-setup";

// Issue 39, item 3: a buyer switches the display currency from the top bar and sees conversions
// ("≈ €…") beside the original prices on the product list and a product page; an admin sets a rate.

const browser = useBrowser();

describe.each([true, false])("the display currency, with JavaScript %s", (javaScript) => {
  it("is chosen in the top bar, converts the prices of a list and a product page, and stays chosen", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/products");
    const chooser = page.getByTestId("currency-switcher");
    expect(await chooser.locator("summary").innerText()).toContain("USD");
    await chooser.locator("summary").click();
    await chooser.getByRole("link", { name: /EUR/ }).click();
    await page.waitForURL(/currency=EUR/);
    expect(await chooser.locator("summary").innerText()).toContain("EUR");

    // The seeded listings are priced in several currencies: those not in euros show one.
    const converted = page.locator("main").getByTestId("converted-price").first();
    await converted.waitFor();
    expect(await converted.innerText()).toMatch(/^≈ €[\d,.]+/);

    // A listing in rupees says it on its page too, with the day of the rates; the choice is kept without the URL.
    const card = page.locator("main a", { has: page.getByTestId("converted-price"), hasText: "₹" }).first();
    const href = await card.getAttribute("href");
    await visit(page, href!);
    const price = page.getByTestId("price-block");
    expect(await price.getByTestId("converted-price").innerText()).toMatch(/^≈ €[\d,.]+/);
    expect(await price.getByTestId("rates-note").innerText()).toMatch(/Converted at the rates of \w+ \d+, \d{4}/);
    expect(page.url()).not.toContain("currency=");
    expect(await chooser.locator("summary").innerText()).toContain("EUR");

    // Back to dollars: the rupees are now shown in dollars.
    await chooser.locator("summary").click();
    await chooser.getByRole("link", { name: /USD/ }).click();
    await page.waitForURL(/currency=USD/);
    expect(await chooser.locator("summary").innerText()).toContain("USD");
    expect(await price.getByTestId("converted-price").innerText()).toMatch(/^≈ \$[\d,.]+/);
  });

  it("an admin sets a rate at /admin/currencies: a mistake is told next to its field, a good rate is saved", async () => {
    const page = await browser.open({ javaScript });
    await unlockAdminMode(page, E2E_ADMIN_PASSWORD);
    await visit(page, "/admin/currencies");
    const row = page.locator('[data-currency="INR"]');
    const rate = row.getByLabel("What US$1 buys, in INR");
    await rate.fill("-5");
    await row.getByRole("button", { name: "Save rate" }).click();
    await row.getByText("Please enter what one US dollar buys").waitFor();
    await rate.fill(javaScript ? "88.9" : "89.1");
    await row.getByLabel("Rate of the day").fill("2026-11-20");
    await row.getByRole("button", { name: "Save rate" }).click();
    await row
      .getByTestId("rate-now")
      .getByText(`US$1 = ${javaScript ? "88.9" : "89.1"} INR, rate of November 20, 2026`)
      .waitFor();
    await row.getByTestId("recomputing").waitFor();
  });
});
