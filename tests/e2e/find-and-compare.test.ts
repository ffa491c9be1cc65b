import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, SUPPLIER_ACCOUNTS, supplierCompanies } from "../../db/seed/data";
import { baseURL, eventually, scan, signInAs, unlockAdminMode, useBrowser, visit } from "./browser";
import { E2E_ADMIN_PASSWORD } from "./global-setup";

// Issue 39's "done when" as one journey, with JavaScript on and off. A seeded supplier, verified by
// an admin, adds a listing in My Catalog: by the piece, an MOQ of 500, three tiers (500 → 4.20,
// 1,000 → 3.90, 5,000 → 3.50 USD). Two more listings share its title's word: a cheaper one of the
// same supplier with an MOQ of 2,000, and one of an unverified supplier of another country. A buyer
// searches the word, narrows by country and verified (each option's count is the list it leads
// to), sorts by price, narrows by MOQ, switches the display currency, opens the listing and sees
// the tier for 1,200 pieces marked; the cart refuses 100 pieces; the request starts at 500; the
// supplier's quote form for 1,200 pieces starts at 3.90.

const browser = useBrowser();
const MOQ_MESSAGE = "The minimum order is 500 pieces.";

/** The supplier's company verified through the admin flow (as directory.test.ts and trust.test.ts do). */
async function verify(supplier: Page, admin: Page, company: { id: string; companyName: string; country: string }) {
  await visit(supplier, `/catalog/${company.id}/verification`);
  await supplier.getByLabel("Business registration number").fill("REG-2026-0139");
  await supplier.getByLabel("Country").selectOption({ label: company.country });
  await supplier.getByLabel("Registered address").fill("1 Harbour Road");
  await supplier
    .getByLabel(/^Documents/)
    .setInputFiles({ name: "registration.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\n% registration\n") });
  await supplier.getByRole("button", { name: "Apply for verification" }).click();
  await supplier.getByText("Your application waits for an administrator's review.").waitFor();
  await unlockAdminMode(admin, E2E_ADMIN_PASSWORD);
  await visit(admin, "/admin/verifications");
  await admin
    .getByTestId("verification")
    .filter({ hasText: company.companyName })
    .filter({ hasText: "Waiting for review" })
    .getByRole("button", { name: "Approve for a year" })
    .click();
  await admin.getByText("The company is verified for a year.").waitFor();
}

/** A listing posted to the add-product form's action (the form itself is driven for the journey's own listing). */
async function postListing(page: Page, catalogId: string, title: string, moq: number, price: string) {
  const response = await page.context().request.post(`/catalog/${catalogId}/products/new`, {
    multipart: { title, category: "Industrial", currency: "USD", unit: "piece", moq: String(moq), "tiers[0].price": price },
    headers: { Origin: baseURL() },
    maxRedirects: 0,
  });
  expect(response.status(), `add ${title}`).toBe(302);
}

/** The number an option's label promises: "Romania (2)" → 2. */
async function promised(option: Locator) {
  const label = (await option.locator("xpath=..").textContent())!.trim();
  return Number(/\(([\d,]+)\)$/.exec(label)![1].replace(/,/g, ""));
}

const cards = (page: Page) => page.getByTestId("product-grid").locator(":scope > a");
const cardTitles = (page: Page) => page.getByTestId("product-grid").getByRole("heading", { level: 2 }).allTextContents();
async function found(page: Page) {
  const text = (await page.getByTestId("found-count").textContent()) ?? "";
  return Number(/Found ([\d,]+)/.exec(text)?.[1].replace(/,/g, "") ?? NaN);
}

/** Submits the filters and waits for the list the address names. */
async function apply(page: Page, url: RegExp) {
  await page.getByTestId("apply-filters").click();
  await page.waitForURL(url);
}

/** The list shows `n` cards and says it found `n`. */
async function expectListOf(page: Page, n: number) {
  await eventually(() => cards(page).count(), n);
  await eventually(() => found(page), n);
}

describe.each([
  // The verified supplier (Bucharest Auto Parts, Romania; Jakarta Beauty Labs, Indonesia) and
  // another, unverified one: seeded suppliers no other journey uses.
  [true, 14, 16],
  [false, 15, 17],
])("finding and comparing a listing with JavaScript %s", (javaScript, supplierIndex, otherIndex) => {
  it("a verified supplier's tiered listing is found, narrowed, sorted, converted, priced by tier, and quoted from its tier", async () => {
    const [supplier, admin, other, buyer] = [
      await browser.open({ javaScript }),
      await browser.open({ javaScript }),
      await browser.open({ javaScript }),
      await browser.open({ javaScript }),
    ];
    const account = SUPPLIER_ACCOUNTS[supplierIndex];
    const company = { ...supplierCompanies()[supplierIndex], country: account.country! };
    const otherAccount = SUPPLIER_ACCOUNTS[otherIndex];
    const otherCompany = supplierCompanies()[otherIndex];
    // One word per run and mode, no prefix of another (the search matches word prefixes).
    const word = `fc${javaScript ? "on" : "off"}${Date.now().toString(36)}`;
    const title = `${word} hex bolts M8`;
    const cheaper = `${word} carriage bolts M10`;
    const elsewhere = `${word} cable ties`;

    // The cheaper listing is there before the verification, the journey's own after it: both show as verified.
    await signInAs(supplier, account.email, DEMO_PASSWORD);
    await postListing(supplier, company.id, cheaper, 2000, "2.50");
    await verify(supplier, admin, company);
    await signInAs(other, otherAccount.email, DEMO_PASSWORD);
    await postListing(other, otherCompany.id, elsewhere, 100, "2.00");

    // The supplier's listing, through the My Catalog form.
    await visit(supplier, "/catalog");
    await supplier
      .getByTestId("catalog-card")
      .filter({ hasText: company.companyName })
      .getByRole(javaScript ? "button" : "link", { name: "Add Product" })
      .click();
    const form = supplier.getByTestId("product-form");
    await form.waitFor();
    await form.getByLabel("Product name").fill(title);
    await form.getByLabel("Category").selectOption("Industrial");
    await form.getByLabel("Currency").selectOption("USD");
    await form.getByLabel("Unit", { exact: true }).selectOption("piece");
    await form.getByLabel(/^Minimum order \(MOQ\)/).fill("500");
    for (const [i, from, price] of [
      [1, "500", "4.20"],
      [2, "1000", "3.90"],
      [3, "5000", "3.50"],
    ] as const) {
      await form.getByLabel(`Tier ${i}: from quantity`).fill(from);
      await form.getByLabel(`Tier ${i}: unit price`).fill(price);
    }
    await form.getByRole("button", { name: "Add Product" }).click();
    await supplier.getByText("Product added to catalog successfully!").waitFor();

    // The buyer searches the word: three listings, the word kept in the box.
    await signInAs(buyer, "enterprise@example.com", DEMO_PASSWORD);
    await visit(buyer, "/products");
    const filters = buyer.getByTestId("search-filters");
    await filters.getByLabel("Search products").fill(word);
    await apply(buyer, new RegExp(`search=${word}`));
    await expectListOf(buyer, 3);
    expect(await filters.getByLabel("Search products").inputValue()).toBe(word);

    // Each country's count is the list that ticking it leads to.
    const country = filters.getByTestId("country-options").getByRole("checkbox", { name: new RegExp(`^${company.country} \\(`) });
    const byCountry = await promised(country);
    expect(byCountry).toBe(2);
    const otherCountry = filters.getByTestId("country-options").getByRole("checkbox", { name: new RegExp(`^${otherAccount.country} \\(`) });
    expect(await promised(otherCountry)).toBe(1);
    await country.check();
    await apply(buyer, /country=[A-Z]{2}/);
    await expectListOf(buyer, byCountry);
    expect(await cardTitles(buyer)).not.toContain(elsewhere);

    // Verified suppliers only: its count, then the list.
    const verified = filters.getByRole("checkbox", { name: /^Verified suppliers only/ });
    const byVerified = await promised(verified);
    expect(byVerified).toBe(2);
    await verified.check();
    await apply(buyer, /verified=1/);
    await expectListOf(buyer, byVerified);

    // Price low to high: the 2.50 listing before the one from 3.50.
    await filters.getByLabel("Sort by").selectOption("price_asc");
    await apply(buyer, /sort=price_asc/);
    await expect.poll(() => cardTitles(buyer), { timeout: 30_000 }).toEqual([cheaper, title]);

    // An MOQ of at most 500 leaves the journey's listing (2,000 is more); the sort stays.
    await filters.getByLabel("Minimum order at most").fill("500");
    await apply(buyer, /moq_max=500/);
    await expectListOf(buyer, 1);
    expect(await cardTitles(buyer)).toEqual([title]);
    expect(await filters.getByLabel("Sort by").inputValue()).toBe("price_asc");
    expect(await buyer.getByTestId("filter-chip").count()).toBe(3);
    await scan(buyer, { again: true });

    // Euros: the card shows its dollars and, beside them, about how many euros; the filters stay.
    const chooser = buyer.getByTestId("currency-switcher");
    await chooser.locator("summary").click();
    await chooser.getByRole("link", { name: /EUR/ }).click();
    await buyer.waitForURL(/currency=EUR/);
    await expectListOf(buyer, 1);
    const card = cards(buyer).filter({ hasText: title });
    await eventually(async () => /^≈ €[\d,.]+/.test((await card.getByTestId("converted-price").textContent()) ?? ""), true);
    expect(await card.innerText()).toContain("$3.50");

    // The listing: the tier for 1,200 pieces is marked.
    await card.click();
    await buyer.getByRole("heading", { level: 1, name: title }).waitFor();
    const productPath = new URL(buyer.url()).pathname;
    await buyer.getByLabel("Your quantity (piece)").fill("1200");
    if (!javaScript) {
      await buyer.getByRole("button", { name: "Show my price" }).click();
      await buyer.waitForURL(/\?quantity=1200$/);
    }
    const current = buyer.getByTestId("tier-current");
    await current.waitFor();
    expect(await current.innerText()).toMatch(/1,000–4,999 pieces[\s\S]*\$3\.90/);
    expect(await buyer.getByTestId("price-tiers").locator("tbody tr[aria-current=true]").count()).toBe(1);

    // Add to Cart starts at the MOQ; the cart refuses 100 pieces.
    const adding = buyer.getByTestId("add-to-cart");
    expect(await adding.getByLabel("Quantity").inputValue()).toBe("500");
    await adding.getByRole("button", { name: "Add to Cart" }).click();
    await buyer.getByText(/has been added to your cart\.$/).waitFor();
    await visit(buyer, "/cart");
    const line = () => buyer.getByTestId("cart-line").filter({ hasText: title });
    // The line's own field (a line below its MOQ would also offer a hidden one, to raise it).
    const field = () => line().locator("input[name=quantity]:not([type=hidden])");
    expect(await field().inputValue()).toBe("500");
    await field().fill("100");
    if (javaScript) await field().blur();
    else await line().getByRole("button", { name: "Update" }).click();
    await line().getByText(MOQ_MESSAGE).waitFor();
    await eventually(() => field().getAttribute("aria-invalid"), "true");
    await visit(buyer, "/cart");
    expect(await field().inputValue()).toBe("500");

    // The request starts at 500; the buyer asks for 1,200.
    await visit(buyer, productPath);
    await buyer.getByRole("link", { name: "Request Quote" }).click();
    await buyer.getByRole("heading", { level: 1, name: "Request Quote" }).waitFor();
    const asked = buyer.getByLabel(/^Quantity/);
    expect(await asked.inputValue()).toBe("500");
    await asked.fill("1200");
    const message = `Please quote 1,200 ${word} bolts.`;
    await buyer.getByLabel("Message").fill(message);
    await buyer.getByRole("button", { name: "Send Request" }).click();
    await buyer.getByRole("heading", { name: "Request sent" }).waitFor();

    // The supplier opens the request: the quote form starts at the 1,000 tier's 3.90.
    await visit(supplier, "/inbox");
    await supplier.getByTestId("inbox-request").filter({ hasText: message }).getByRole("link").click();
    const unitPrice = supplier.getByLabel(`Unit price: ${title} (1200 requested)`);
    await unitPrice.waitFor();
    expect(Number(await unitPrice.inputValue())).toBe(3.9);
  });
});
