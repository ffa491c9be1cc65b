import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { eventually, linkTokenIn, mailTo, PHONE, scan, signUpAs, useBrowser, visit } from "./browser";

const browser = useBrowser();

async function addToCart(page: Page, productId: number) {
  await visit(page, `/product/${productId}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.getByText(/has been added to your cart\.$/).waitFor();
}

// Listings whose minimum order is one (db/seed/terms.ts), so that one click adds one of each.
const ONE_AT_A_TIME = [11, 25] as const;

const badge = (page: Page) => page.getByTestId("cart-badge").textContent();
const quantities = async (page: Page) =>
  page
    .getByTestId("cart-line")
    .locator("input[name=quantity]")
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

describe.each([true, false])("the cart with JavaScript %s", (javaScript) => {
  it("adds, raises, lowers, sets, removes and clears, keeping the badge and surviving a reload", async () => {
    const page = await browser.open({ javaScript });
    await addToCart(page, ONE_AT_A_TIME[0]);
    expect(await badge(page)).toBe("1");
    await addToCart(page, ONE_AT_A_TIME[0]);
    await addToCart(page, ONE_AT_A_TIME[1]);
    expect(await badge(page)).toBe("3");

    await page.getByRole("link", { name: /^Cart/ }).click();
    await page.getByRole("heading", { name: "Shopping Cart" }).waitFor();
    await visit(page, "/cart");
    expect(await quantities(page)).toEqual(["2", "1"]);

    const first = page.getByTestId("cart-line").first();
    await first.getByRole("button", { name: /^Increase/ }).click();
    await eventually(() => first.locator("input[name=quantity]").inputValue(), "3");
    await first.getByRole("button", { name: /^Decrease/ }).click();
    await eventually(() => first.locator("input[name=quantity]").inputValue(), "2");

    const input = first.locator("input[name=quantity]");
    await input.fill("5");
    if (javaScript) await input.blur();
    else await first.getByRole("button", { name: "Update" }).click();
    await eventually(() => page.getByTestId("cart-badge").textContent(), "6");

    await page.reload();
    expect(await quantities(page)).toEqual(["5", "1"]);

    await page.getByTestId("cart-line").nth(1).getByRole("button", { name: "Remove" }).click();
    await page.getByTestId("cart-line").nth(1).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Clear Cart" }).click();
    await page.getByRole("heading", { name: "Your Cart is Empty" }).waitFor();
    expect(await page.getByTestId("cart-badge").count()).toBe(0);
    await page.getByRole("link", { name: "Browse Products" }).click();
    await page.getByRole("heading", { level: 1, name: "All Products" }).waitFor();
  });

  it("keeps each line's quantity stepper on one line at phone width, and it still steps", async () => {
    const page = await browser.open({ javaScript, viewport: PHONE });
    await addToCart(page, ONE_AT_A_TIME[0]);
    await addToCart(page, 6); // a price on request: its line says so instead of a total
    await visit(page, "/cart", { scan: true });
    const lines = page.getByTestId("cart-line");
    expect(await lines.count()).toBe(2);
    for (const line of await lines.all()) {
      const controls = [
        line.getByRole("button", { name: /^Decrease/ }),
        line.locator("input[name=quantity]"),
        // Without JavaScript the typed quantity has its own button beside the field.
        ...(javaScript ? [] : [line.getByRole("button", { name: "Update" })]),
        line.getByRole("button", { name: /^Increase/ }),
      ];
      const boxes = await Promise.all(controls.map(async (control) => (await control.boundingBox())!));
      const middles = boxes.map((box) => box.y + box.height / 2);
      expect(Math.max(...middles) - Math.min(...middles), "the stepper's controls share one row").toBeLessThan(1);
      for (const [left, right] of boxes.slice(0, -1).map((box, i) => [box, boxes[i + 1]])) {
        expect(right.x, "each control right of the one before").toBeGreaterThanOrEqual(left.x + left.width);
      }
      expect(boxes.at(-1)!.x + boxes.at(-1)!.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await lines
      .first()
      .getByRole("button", { name: /^Increase/ })
      .click();
    await eventually(() => lines.first().locator("input[name=quantity]").inputValue(), "2");
  });

  it("checks out the cart as a request for quotation, which a visitor confirms from the e-mailed link", async () => {
    const page = await browser.open({ javaScript });
    const email = `gina-${javaScript ? "js" : "nojs"}@example.com`;
    await addToCart(page, 3);
    await visit(page, "/cart");
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.getByText("This field is required").first().waitFor();
    await page.getByLabel("Your name").fill("Gina Guest");
    await page.getByLabel("Your e-mail").fill(email);
    await page.getByLabel(/^Your message to /).fill("Please quote FOB Shanghai, delivery in March.");
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.getByRole("heading", { name: "Check your e-mail" }).waitFor();
    const reference = await page.getByTestId("reference").textContent();
    expect(reference).toMatch(/^RFQ-[0-9A-F]{8}$/);
    expect(await page.getByTestId("cart-badge").count()).toBe(0);

    const token = linkTokenIn(await mailTo(email, "Confirm your request for quotation"), "/requests/confirm");
    await visit(page, `/requests/confirm?token=${token}`);
    await scan(page);
    await page.getByRole("button", { name: "Confirm and send" }).click();
    await page.getByRole("heading", { name: "Request sent" }).waitFor();
    expect(await page.getByTestId("reference").textContent()).toBe(reference);
  });

  it("checks out a cart of two suppliers with a message to each, and counts them (issue 38, items 7 and 8)", async () => {
    const page = await browser.open({ javaScript });
    await signUpAs(page, `two-suppliers-${javaScript ? "js" : "nojs"}-${Date.now().toString(36)}@example.com`, "two-suppliers", "Tess Two");
    // Products 1 and 2 are sold by two different demo suppliers.
    await addToCart(page, 1);
    await addToCart(page, 2);
    await visit(page, "/cart");
    const boxes = page.getByTestId("supplier-request");
    expect(await boxes.count()).toBe(2);
    const [first, second] = await Promise.all([0, 1].map(async (i) => (await boxes.nth(i).locator("legend").textContent())!.trim()));
    expect(first).not.toBe(second);
    // Each box lists only its supplier's product.
    for (const box of await boxes.all()) expect(await box.getByRole("listitem").count()).toBe(1);
    await scan(page, { again: true });

    await page.getByLabel(`Your message to ${first}`).fill(`Only for ${first}`);
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await boxes.nth(1).getByText("This field is required").waitFor();
    await page.getByLabel(`Your message to ${second}`).fill(`Only for ${second}`);
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.getByRole("heading", { name: "Request sent" }).waitFor();
    expect(await page.getByTestId("sent-text").textContent()).toBe(
      "Your request has been sent to 2 suppliers. You will receive their answers by e-mail.",
    );

    // My Requests: each supplier's request with its own message.
    await visit(page, "/requests");
    const requests = page.getByTestId("my-request").first().getByTestId("supplier-request");
    await requests.filter({ hasText: first }).getByText(`Only for ${first}`).waitFor();
    await requests.filter({ hasText: second }).getByText(`Only for ${second}`).waitFor();
    expect(await requests.filter({ hasText: first }).getByText(`Only for ${second}`).count()).toBe(0);
  });

  it("sends a Request Quote from a product page as a member and lists it in My Requests", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/auth");
    await page.getByLabel("E-mail").fill("premium@example.com");
    await page.getByLabel("Password").fill("TradeDemo2026");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByTestId("greeting").waitFor();
    await visit(page, "/product/7");
    await page.getByRole("link", { name: "Request Quote" }).click();
    await page.getByRole("heading", { level: 1, name: "Request Quote" }).waitFor();
    await scan(page);
    await page.getByLabel("Quantity").fill("0");
    await page.getByLabel("Message").fill(`Quote for 40 ft container ${javaScript ? "A" : "B"}`);
    await page.getByRole("button", { name: "Send Request" }).click();
    await page.getByText("Please enter a positive whole number").waitFor();
    await page.getByLabel("Quantity").fill("250");
    await page.getByRole("button", { name: "Send Request" }).click();
    await page.getByRole("heading", { name: "Request sent" }).waitFor();
    await page.locator("#main").getByRole("link", { name: "My Requests" }).click();
    await page.getByText(`Quote for 40 ft container ${javaScript ? "A" : "B"}`).waitFor();
    await scan(page);
  });
});

describe.each([true, false])("the contact form with JavaScript %s", (javaScript) => {
  it("shows the required-fields message, then sends", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/contact");
    await page.getByTestId("business-hours").getByText("Mon-Fri 9:00 AM-6:00 PM PST").waitFor();
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Please fill in all required fields (Email, Name, and Message).").waitFor();
    await page.getByLabel("E-mail").fill("carla@example.com");
    await page.getByLabel("Name").fill("Carla Contact");
    await page.getByLabel("Message").fill("Can you verify our supplier?");
    await page.getByLabel("Supplier").check();
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Message Sent!").waitFor();
    await page.getByText("Thank you for contacting us. We'll get back to you soon.").waitFor();
  });
});
