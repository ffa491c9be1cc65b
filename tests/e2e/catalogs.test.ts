import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, openAccountMenu, scan, signInAs, signUpAs, useBrowser, visit } from "./browser";

const browser = useBrowser();

// Two real 1×1 images, so the browser can decode what the Worker serves back from R2.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const PASSWORD = "supplier-secret-1";

let counter = 0;
/** A word no seeded product has, of letters only, so a search for it finds exactly our listing. */
function uniqueWord() {
  const digits = `${Date.now()}${++counter}`;
  return `zq${[...digits].map((d) => "abcdefghij"[Number(d)]).join("")}`;
}

/** A new supplier, signed up and on the home page. */
async function newSupplier(page: Page, label: string) {
  const email = `${label}-${Date.now()}-${++counter}@example.com`;
  await signUpAs(page, email, PASSWORD, "Dana Supplier");
  await visit(page, "/");
  await page.getByTestId("greeting").waitFor();
  return email;
}

/**
 * Every image in the locator has been fetched and decoded by the browser. The images load lazily,
 * so each is brought into view first, as a person scrolling to it would.
 */
async function expectImagesLoaded(page: Page, selector: string, count: number) {
  await page
    .locator(selector)
    .nth(count - 1)
    .waitFor();
  for (const image of await page.locator(selector).all()) await image.scrollIntoViewIfNeeded();
  await page.waitForFunction(
    ([sel, n]) => {
      const images = [...document.querySelectorAll<HTMLImageElement>(sel as string)];
      return images.length === n && images.every((img) => img.complete && img.naturalWidth > 0);
    },
    [selector, count],
  );
}

/** Searches from the header, as a buyer would. */
async function searchFor(page: Page, term: string) {
  await page.locator("#header-search").fill(term);
  await page.locator("#header-search").press("Enter");
  await page.getByRole("heading", { level: 1, name: `Search Results for "${term}"` }).waitFor();
}

describe("the companies directory as a visitor", () => {
  it.each([true, false])(
    "finds a demo supplier from the header link and sees its products, without contact details (JavaScript %s)",
    async (javaScript) => {
      const page = await browser.open({ javaScript });
      await visit(page, "/");
      await page.getByRole("navigation", { name: "Main navigation" }).last().getByRole("link", { name: "Companies" }).click();
      await page.getByRole("heading", { level: 1, name: "Companies" }).waitFor();
      await scan(page);
      await page.getByLabel("Search companies by name").fill("pro exports");
      await page.getByRole("button", { name: "Search", exact: true }).last().click();
      await page.waitForURL(/search=pro/);
      const card = page.getByTestId("company-card").filter({ hasText: "Pro Exports Pvt Ltd" });
      await card.getByText("India", { exact: true }).waitFor();
      await card.click();
      await page.getByRole("heading", { level: 1, name: "Pro Exports Pvt Ltd" }).waitFor();
      await scan(page);
      await page.getByText("Contact details hidden").waitFor();
      expect(await page.content()).not.toContain("export@pro-exports.example.com");
      // Its products are the marketplace's listings: the card opens the product's page.
      await page
        .getByTestId("company-products")
        .getByRole("link", { name: /Organic Cotton Tshirts/ })
        .first()
        .click();
      await page.getByRole("heading", { level: 1, name: "Organic Cotton Tshirts" }).waitFor();
      await page.getByTestId("specifications").getByText("GOTS").waitFor();
      // The footer's 'Companies' leads to the directory too.
      await page.locator("footer").getByRole("link", { name: "Companies" }).click();
      await page.waitForURL(/\/companies$/);
    },
  );
});

describe.each([true, false])("a new supplier's listing with JavaScript %s", (javaScript) => {
  it("lists a product that buyers find by search, category and company; edits it; deletes it everywhere", async () => {
    const page = await browser.open({ javaScript });
    const email = await newSupplier(page, "lister");
    await (await openAccountMenu(page)).getByRole("link", { name: "My Catalog" }).click();
    await page.getByRole("heading", { level: 1, name: "My Catalog" }).waitFor();
    await scan(page);

    // Create Catalog shows the form (a link with ?create=1, so it needs no JavaScript).
    await page.getByRole("link", { name: "Create Catalog" }).click();
    await page.getByTestId("catalog-form").waitFor();
    await page.getByTestId("catalog-form").getByRole("button", { name: "Create Catalog" }).click();
    await page.getByText("This field is required").first().waitFor();
    const word = uniqueWord();
    const company = `Harbour Lights ${javaScript ? "JS" : "noJS"} ${word}`;
    await page.getByLabel("Company name").fill(company);
    await page.getByLabel("Business description").fill("Marine lighting for ports and yachts.");
    await page.getByLabel("Services description").fill("Custom fittings, worldwide shipping.");
    await page.getByLabel("Website").fill("https://harbour-lights.example.com");
    await page.getByLabel("Contact e-mail").fill("hello@harbour-lights.example.com");
    await page.getByLabel("Contact phone").fill("+30 210 555 0101");
    await page.getByTestId("catalog-form").getByRole("button", { name: "Create Catalog" }).click();
    await page.getByText("Catalog created successfully!").waitFor();
    const card = page.getByTestId("catalog-card").filter({ hasText: company });
    await card.waitFor();

    // Add Product: a dialog with JavaScript, the form's own page without.
    await card.getByRole(javaScript ? "button" : "link", { name: "Add Product" }).click();
    if (javaScript) {
      await page.getByRole("dialog", { name: `Add Product to ${company}` }).waitFor();
      await expectAccessible(page);
    } else {
      await page.getByRole("heading", { level: 1, name: `Add Product to ${company}` }).waitFor();
    }
    const title = `Brass deck lamp ${word}`;
    const form = page.getByTestId("product-form");
    await form.getByLabel("Product name").fill(title);
    await form.getByLabel("Category").selectOption("Electronics");
    await form.getByLabel("Currency").selectOption("USD");
    await form.getByLabel(/^Minimum order \(MOQ\)/).fill("20");
    // Two price tiers: 20 to 99 pieces at $55, from 100 at $40.
    await form.getByLabel("Tier 1: unit price").fill("55");
    await form.getByLabel("Tier 2: from quantity").fill("100");
    await form.getByLabel("Tier 2: unit price").fill("40");
    await form.getByLabel("Specification 1: name").fill("Material");
    await form.getByLabel("Specification 1: value").fill("Brass");
    await form.getByLabel("Specification 2: name").fill("Protection");
    await form.getByLabel("Specification 2: value").fill("IP67");
    await form.getByLabel("Images").setInputFiles([
      { name: "lamp.png", mimeType: "image/png", buffer: PNG },
      { name: "lamp.gif", mimeType: "image/gif", buffer: GIF },
    ]);
    if (javaScript) {
      // The request is held back so the pending label can be seen: 'Uploading Images...' while
      // the images travel, then 'Creating...'.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/products\/new\.data/, async (route) => {
        await held;
        await route.continue();
      });
      await form.getByRole("button", { name: "Add Product" }).click();
      await form.getByRole("button", { name: /^(Uploading Images|Creating)\.\.\.$/ }).waitFor();
      expect(await form.getByRole("button", { name: /^(Uploading Images|Creating)\.\.\.$/ }).isDisabled()).toBe(true);
      release();
      await page.unrouteAll({ behavior: "wait" });
    } else {
      await form.getByRole("button", { name: "Add Product" }).click();
    }
    await page.getByText("Product added to catalog successfully!").waitFor();
    const product = page.getByTestId("catalog-product").filter({ hasText: title });
    await product.waitFor();
    await product.getByText("IP67").waitFor();
    await expectImagesLoaded(page, '[data-testid="catalog-product"] img', 2);

    // The products list hides and shows.
    await card.getByRole("link", { name: "Hide Products" }).click();
    await page.getByTestId("product-list").waitFor({ state: "detached" });
    await card.getByRole("link", { name: "Show Products" }).click();
    await product.waitFor();

    // The owner sees their own listing as such: no request for a quote of it.
    await product.getByRole("link", { name: title, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    const productPath = new URL(page.url()).pathname;
    await page.getByTestId("own-listing").getByText("Your listing").waitFor();
    await (await openAccountMenu(page)).getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("link", { name: "Sign In", exact: true }).waitFor();

    // A visitor finds it by search, with both images, its price range and its company.
    await visit(page, "/");
    await searchFor(page, word);
    expect(await page.getByTestId("found-count").textContent()).toBe("Found 1 product");
    await page
      .getByTestId("product-grid")
      .getByRole("link", { name: new RegExp(title) })
      .click();
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await scan(page);
    expect(new URL(page.url()).pathname).toBe(productPath);
    await page.getByTestId("price-block").getByText("$40.00 – $55.00").waitFor();
    await expectImagesLoaded(page, `img[alt^="${title}, image "]`, 2);
    await page.getByTestId("specifications").getByText("IP67").waitFor();
    await page.getByTestId("company-card").getByRole("link", { name: company, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: company }).waitFor();
    await scan(page);
    await page
      .getByTestId("company-products")
      .getByRole("link", { name: new RegExp(title) })
      .waitFor();
    const sitemapBefore = await page.context().request.get("/sitemap.xml");
    expect(await sitemapBefore.text()).toContain(`${productPath}</loc>`);

    // ...and in its category, newest first, and in the companies directory.
    await visit(page, "/products?category=Electronics");
    await page
      .getByTestId("product-grid")
      .getByRole("link", { name: new RegExp(title) })
      .waitFor();
    await page.getByRole("navigation", { name: "Main navigation" }).last().getByRole("link", { name: "Companies" }).click();
    await page.getByLabel("Search companies by name").fill(company);
    await page.getByRole("button", { name: "Search", exact: true }).last().click();
    await page.getByTestId("company-card").filter({ hasText: company }).getByText("Products: 1").waitFor();

    // The owner edits the price on the listing's own page; every page shows the new one.
    await signInAs(page, email, PASSWORD);
    await visit(page, "/catalog");
    await card.getByRole("link", { name: "Show Products" }).click();
    await product.getByRole("link", { name: `Edit ${title}` }).click();
    await page.getByRole("heading", { level: 1, name: `Edit product: ${title}` }).waitFor();
    await scan(page);
    await page.getByTestId("product-form").getByLabel("Tier 2: unit price").fill("35");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Product updated successfully.").waitFor();
    await visit(page, productPath);
    await page.getByTestId("price-block").getByText("$35.00 – $55.00").waitFor();
    await (await openAccountMenu(page)).getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("link", { name: "Sign In", exact: true }).waitFor();
    await searchFor(page, word);
    await page.getByTestId("product-grid").getByText("$35.00").first().waitFor();

    // Deleted after the spec's question: gone from search, its page and the sitemap.
    await signInAs(page, email, PASSWORD);
    await visit(page, "/catalog");
    await card.getByRole("link", { name: "Show Products" }).click();
    await product.getByRole("link", { name: "Delete" }).click();
    await product.getByText("Are you sure you want to delete this product?").waitFor();
    await product.getByRole("button", { name: "Yes, delete" }).click();
    await page.getByText("Product deleted successfully.").waitFor();
    await page.getByText("No products in this catalog yet.").waitFor();
    await searchFor(page, word);
    await page.getByText("No products found matching your criteria.").waitFor();
    expect((await visit(page, productPath))?.status()).toBe(404);
    const sitemap = await page.context().request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).not.toContain(`${productPath}</loc>`);

    await visit(page, "/catalog");
    await card.getByRole("link", { name: "Delete Catalog" }).click();
    await card.getByText("Are you sure you want to delete this catalog? This action cannot be undone.").waitFor();
    await card.getByRole("link", { name: "Cancel" }).click();
    // Gone once the page without the question is there (waiting on the locator, which outlives the
    // navigation that JavaScript off makes, rather than on a document that may not have a body yet).
    await page.getByText("This action cannot be undone.").waitFor({ state: "hidden" });
    await card.getByRole("link", { name: "Delete Catalog" }).click();
    await card.getByRole("button", { name: "Yes, delete" }).click();
    await page.getByText("Catalog deleted successfully.").waitFor();
    expect(await page.getByTestId("catalog-card").filter({ hasText: company }).count()).toBe(0);
  });

  it("refuses a sixth image and a file that is not an image", async () => {
    const page = await browser.open({ javaScript });
    await newSupplier(page, "refusals");
    await visit(page, "/catalog?create=1");
    const company = `Refusals ${javaScript ? "JS" : "noJS"} ${Date.now()}`;
    await page.getByLabel("Company name").fill(company);
    await page.getByTestId("catalog-form").getByRole("button", { name: "Create Catalog" }).click();
    const card = page.getByTestId("catalog-card").filter({ hasText: company });
    await card.getByRole(javaScript ? "button" : "link", { name: "Add Product" }).click();
    const form = page.getByTestId("product-form");
    await form.getByLabel("Product name").fill("Too many pictures");
    await form.getByLabel("Category").selectOption("Electronics");
    await form
      .getByLabel("Images")
      .setInputFiles(Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, mimeType: "image/png", buffer: PNG })));
    if (!javaScript) await form.getByRole("button", { name: "Add Product" }).click();
    await page.getByText("You can upload a maximum of 5 images per product.").waitFor();
    await page.getByText("Too many images").waitFor();

    await page.getByTestId("product-form").getByLabel("Product name").fill("A PDF in disguise");
    await page.getByTestId("product-form").getByLabel("Category").selectOption("Electronics");
    await page
      .getByTestId("product-form")
      .getByLabel("Images")
      .setInputFiles([{ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("%PDF-1.7 not an image") }]);
    await page.getByTestId("product-form").getByRole("button", { name: "Add Product" }).click();
    await page.getByText("Only image files can be uploaded: PNG, JPEG, WebP or GIF.").waitFor();
    // Nothing was half-written.
    await visit(page, "/catalog");
    await page
      .getByTestId("catalog-card")
      .filter({ hasText: company })
      .getByText(/^Products: 0 of \d+ · /)
      .waitFor();
  });
});
