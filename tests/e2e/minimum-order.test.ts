import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, eventually, scan, signUpAs, useBrowser, visit } from "./browser";

// Issue 39's "done when", the ordering half: a listing with an MOQ of 500 pieces and three tiers
// (500 → 4.20, 1,000 → 3.90, 5,000 → 3.50). The cart refuses 100 pieces, the request starts at 500,
// and the supplier's quote form for a request of 1,200 starts at 3.90.

const browser = useBrowser();
const PASSWORD = "moq-journey-secret";
const MESSAGE = "The minimum order is 500 pieces.";
let counter = 0;
const tag = () => `${Date.now().toString(36)}${++counter}`;

/** A new supplier with one listing of paper cups (MOQ 500, three tiers): the listing's path. */
async function newSupplier(page: Page, name: string) {
  await signUpAs(page, `moq-supplier-${tag()}@example.com`, PASSWORD, `${name} Owner`);
  const request = page.context().request;
  const headers = { Origin: baseURL() };
  expect(
    (await request.post("/catalog", { form: { intent: "createCatalog", companyName: name }, headers, maxRedirects: 0 })).status(),
  ).toBe(302);
  await visit(page, "/catalog");
  const companyPath = await page
    .getByTestId("catalog-card")
    .filter({ hasText: name })
    .getByRole("link", { name: "View company page" })
    .getAttribute("href");
  const catalogId = companyPath!.split("/").pop()!;
  const title = `${name} paper cups`;
  const added = await request.post(`/catalog/${catalogId}/products/new`, {
    // The add-product form's own fields: by the piece, an MOQ of 500 and three tiers.
    multipart: {
      title,
      category: "Chemicals",
      currency: "USD",
      unit: "piece",
      moq: "500",
      "tiers[0].from": "500",
      "tiers[0].price": "4.2",
      "tiers[1].from": "1000",
      "tiers[1].price": "3.9",
      "tiers[2].from": "5000",
      "tiers[2].price": "3.5",
    },
    headers,
    maxRedirects: 0,
  });
  expect(added.status()).toBe(302);
  await visit(page, companyPath!);
  const productPath = (await page
    .getByTestId("company-products")
    .getByRole("link", { name: new RegExp(title) })
    .first()
    .getAttribute("href"))!;
  return { productPath, title };
}

describe.each([true, false])("minimum orders and tiers with JavaScript %s", (javaScript) => {
  it("starts Add to Cart and Request Quote at the MOQ, refuses 100 pieces in the cart, and starts the quote for 1,200 at 3.90", async () => {
    const [buyer, seller] = await Promise.all([browser.open({ javaScript }), browser.open({ javaScript })]);
    const listing = await newSupplier(seller, `Cups ${tag()}`);
    await signUpAs(buyer, `moq-buyer-${tag()}@example.com`, PASSWORD, "Mo Buyer");

    // The product page: the quantity starts at the MOQ, which is also its least, and says its unit.
    await visit(buyer, listing.productPath);
    const quantity = buyer.getByTestId("add-to-cart").getByLabel("Quantity");
    expect(await quantity.inputValue()).toBe("500");
    expect(await quantity.getAttribute("min")).toBe("500");
    await buyer.getByTestId("add-to-cart").getByText("Minimum order: 500 pieces").waitFor();
    await buyer.getByRole("button", { name: "Add to Cart" }).click();
    await buyer.getByText(/has been added to your cart\.$/).waitFor();

    // The cart: 500 pieces at the first tier; 100 is refused beside the field, and nothing changes.
    await visit(buyer, "/cart", { scan: true });
    const line = buyer.getByTestId("cart-line").filter({ hasText: listing.title });
    const field = line.locator("input[name=quantity]");
    expect(await field.inputValue()).toBe("500");
    expect(await line.getByTestId("line-total").textContent()).toBe("$2,100.00");
    await field.fill("100");
    if (javaScript) await field.blur();
    else await line.getByRole("button", { name: "Update" }).click();
    await buyer.getByTestId("cart-line").filter({ hasText: listing.title }).getByText(MESSAGE).waitFor();
    await scan(buyer, { again: true, status: javaScript ? 200 : 400 });
    await visit(buyer, "/cart");
    expect(await buyer.getByTestId("cart-line").filter({ hasText: listing.title }).locator("input[name=quantity]").inputValue()).toBe(
      "500",
    );
    // 1,200 is the second tier's price.
    const again = buyer.getByTestId("cart-line").filter({ hasText: listing.title });
    await again.locator("input[name=quantity]").fill("1200");
    if (javaScript) await again.locator("input[name=quantity]").blur();
    else await again.getByRole("button", { name: "Update" }).click();
    await eventually(
      () => buyer.getByTestId("cart-line").filter({ hasText: listing.title }).getByTestId("line-total").textContent(),
      "$4,680.00",
    );

    // Request Quote starts at the MOQ too; the buyer asks for 1,200.
    await visit(buyer, listing.productPath);
    await buyer.getByRole("link", { name: "Request Quote" }).click();
    await buyer.getByRole("heading", { level: 1, name: "Request Quote" }).waitFor();
    const asked = buyer.getByLabel(/^Quantity/);
    expect(await asked.inputValue()).toBe("500");
    await buyer.getByText("Minimum order: 500 pieces").waitFor();
    await asked.fill("1200");
    await buyer.getByLabel("Message").fill("Please quote 1,200 cups, FOB Ningbo.");
    await buyer.getByRole("button", { name: "Send Request" }).click();
    await buyer.getByRole("heading", { name: "Request sent" }).waitFor();

    // The supplier's quote form starts at the tier for 1,200 pieces, in the listing's currency, with its MOQ.
    await visit(seller, "/inbox");
    await seller.getByTestId("inbox-request").filter({ hasText: "Please quote 1,200 cups" }).getByRole("link").click();
    const price = seller.getByLabel(`Unit price: ${listing.title} (1200 requested)`);
    expect(Number(await price.inputValue())).toBe(3.9);
    expect(await seller.getByTestId("quote-form").getByLabel("Minimum order").inputValue()).toBe("500");
    expect(await seller.getByTestId("quote-form").getByLabel("Currency").inputValue()).toBe("USD");
    await price.fill("3.59");
    await seller.getByLabel("Lead time (days)").fill("20");
    await seller.getByLabel("Payment terms").fill("T/T 30% deposit");
    await seller.getByRole("button", { name: "Send Quote" }).click();
    await seller.getByText("Quote sent", { exact: true }).first().waitFor();

    // The buyer reads the listing's price beside the quote, and how the quote compares.
    await visit(buyer, "/requests");
    const request = buyer.getByTestId("supplier-request").filter({ hasText: listing.title });
    expect(await request.getByTestId("listed-price").first().textContent()).toBe("$3.90");
    await request.getByText("8% below the listing").waitFor();
  });
});
