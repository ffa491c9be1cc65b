import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, outboxSubjectsTo, scan, signUpAs, unlockAdminMode, useBrowser, visit } from "./browser";
import { E2E_ADMIN_PASSWORD } from "./global-setup";

// The marketplace's loop with three accounts: a free buyer asks two suppliers for prices (a product
// page's Request Quote, and a cart holding products of both), each supplier finds theirs in the
// inbox, one quotes and one declines; a buy request reaches both, who quote; the buyer compares the
// two quotes side by side and accepts one; the other supplier reads "Not chosen"; the response
// rates on the company pages moved from "New supplier". Issue 38: each side reads its own part
// (the supplier awaits the buyer's decision and reads the buyer's review), and an admin lists the
// buy request under the reference the buyer and suppliers see, with each supplier and its price.

const browser = useBrowser();
const OPEN_REQUEST = "Open request and messages";
const PASSWORD = "quote-loop-secret";
let counter = 0;
const tag = () => `${Date.now().toString(36)}${++counter}`;

/** A new member who sells one product in Chemicals: their company's id and the product's page. */
async function newSupplier(page: Page, name: string) {
  const email = `supplier-${tag()}@example.com`;
  await signUpAs(page, email, PASSWORD, `${name} Owner`);
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
  const product = `${name} solvent`;
  const added = await request.post(`/catalog/${catalogId}/products/new`, {
    multipart: { title: product, category: "Chemicals", "tiers[0].price": "12", currency: "USD" },
    headers,
    maxRedirects: 0,
  });
  expect(added.status()).toBe(302);
  await visit(page, companyPath!);
  const productPath = await page
    .getByTestId("company-products")
    .getByRole("link", { name: new RegExp(product) })
    .first()
    .getAttribute("href");
  return { name, email, companyPath: companyPath!, productPath: productPath!, product };
}

describe.each([true, false])("requests and quotes with JavaScript %s", (javaScript) => {
  it("asks two suppliers, gets a quote and a refusal, then compares two quotes on a buy request and accepts one", async () => {
    const [buyer, alpha, beta] = await Promise.all([
      browser.open({ javaScript }),
      browser.open({ javaScript }),
      browser.open({ javaScript }),
    ]);
    const a = await newSupplier(alpha, `Alpha Chem ${tag()}`);
    const b = await newSupplier(beta, `Beta Chem ${tag()}`);
    await visit(alpha, a.companyPath);
    await alpha.getByText("New supplier").first().waitFor();

    // The buyer: Request Quote on Alpha's product page, then a cart of both suppliers.
    const buyerEmail = `buyer-${tag()}@example.com`;
    await signUpAs(buyer, buyerEmail, PASSWORD, "Bea Buyer");
    await visit(buyer, a.productPath);
    await buyer.getByRole("link", { name: "Request Quote" }).click();
    // With JavaScript the product page (and its own Quantity field, for the cart) stays until the form is there.
    await buyer.getByRole("heading", { level: 1, name: "Request Quote" }).waitFor();
    await buyer.getByLabel("Quantity").fill("400");
    await buyer.getByLabel("Message").fill("Please quote 400 drums, CIF Mombasa.");
    await buyer.getByRole("button", { name: "Send Request" }).click();
    await buyer.getByRole("heading", { name: "Request sent" }).waitFor();
    for (const path of [a.productPath, b.productPath]) {
      await visit(buyer, path);
      await buyer.getByRole("button", { name: "Add to Cart" }).click();
      await buyer.getByText(/has been added to your cart\.$/).waitFor();
    }
    // One message box per supplier: each reads only what is written to it (issue 38, item 7).
    await visit(buyer, "/cart");
    await buyer.getByLabel(`Your message to ${a.name}`).fill("Alpha: your solvent, one shipment please.");
    await buyer.getByLabel(`Your message to ${b.name}`).fill("Beta: your solvent, one shipment please.");
    await buyer.getByRole("button", { name: "Proceed to Checkout" }).click();
    await buyer.getByRole("heading", { name: "Request sent" }).waitFor();
    await buyer.getByText("Your request has been sent to 2 suppliers.", { exact: false }).first().waitFor();
    await visit(buyer, "/requests");
    const cartGroup = buyer.getByTestId("my-request").filter({ hasText: "Alpha: your solvent, one shipment please." });
    await cartGroup.getByText("2 suppliers").waitFor();

    // Alpha: two unread requests in the header; quotes the product page's request.
    await visit(alpha, "/");
    expect(await alpha.getByTestId("inbox-count").textContent()).toBe("2");
    // An e-mail at once, as well (requests go at once by default).
    expect(await outboxSubjectsTo(a.email)).toContain("New request for quotation");
    // The bell says so too.
    expect(await alpha.getByTestId("bell-count").textContent()).toBe("2");
    await alpha.getByTestId("bell").click();
    await alpha.getByRole("heading", { level: 1, name: "Notifications" }).waitFor();
    await scan(alpha);
    expect(await alpha.getByTestId("notification").filter({ hasText: "New request for quotation RFQ-" }).count()).toBe(2);
    await alpha.getByRole("button", { name: "Mark all as read" }).click();
    await alpha.getByRole("button", { name: "Mark all as read" }).waitFor({ state: "detached" });
    await alpha.getByTestId("bell-count").waitFor({ state: "detached" });
    await alpha.getByTestId("inbox-link").click();
    await alpha.getByRole("heading", { level: 1, name: "Inbox" }).waitFor();
    await scan(alpha);
    await alpha.getByTestId("inbox-request").filter({ hasText: "Please quote 400 drums" }).getByRole("link").click();
    await alpha.getByLabel(`Unit price: ${a.product} (400 requested)`).fill("11.5");
    await alpha.getByLabel("Lead time (days)").fill("20");
    await alpha.getByLabel("Payment terms").fill("30% deposit, balance against B/L");
    await alpha.getByRole("button", { name: "Send Quote" }).click();
    await alpha.getByText("Quote sent", { exact: true }).first().waitFor();
    expect(await alpha.getByTestId("quote-total").textContent()).toBe("$4,600.00");
    // The decision is the buyer's: the supplier is not told it awaits theirs.
    expect(await alpha.getByTestId("quote-status").textContent()).toBe("Awaiting the buyer's decision");

    // The thread on the request: the supplier writes, and the buyer reads it on the request's page.
    await alpha.getByLabel("Write a message").fill("We can also offer 200-litre drums.");
    await alpha.getByRole("button", { name: "Send Message" }).click();
    await alpha.getByTestId("thread-message").filter({ hasText: "We can also offer 200-litre drums." }).waitFor();

    // Beta: one unread request (the cart's), with only what the buyer wrote to Beta; declines it with a reason.
    await visit(beta, "/inbox");
    expect(await beta.getByTestId("inbox-count").textContent()).toBe("1");
    await beta.getByText("Beta: your solvent, one shipment please.").waitFor();
    expect(await beta.getByText("Alpha: your solvent").count()).toBe(0);
    await beta.getByTestId("inbox-request").first().getByRole("link").click();
    await beta.getByLabel("Reason for declining").fill("Out of stock until March.");
    await beta.getByRole("button", { name: "Decline Request" }).click();
    await beta.getByText("Request declined").first().waitFor();

    // The buyer is told of the quote: who, what and how much (issue 38, item 5), and sees it and the refusal.
    await visit(buyer, "/notifications");
    const quoted = buyer.getByTestId("notification").filter({ hasText: `${a.name} quoted $4,600.00 for ${a.product} (RFQ-` });
    expect(await quoted.count()).toBe(1);
    expect(await outboxSubjectsTo(buyerEmail)).toContain(`${a.name} sent you a quote: $4,600.00`);
    await visit(buyer, "/requests");
    await buyer.getByText("$4,600.00").first().waitFor();
    await buyer.getByText("Declined by the supplier: Out of stock until March.").waitFor();
    await buyer
      .getByTestId("my-request")
      .filter({ hasText: "Please quote 400 drums" })
      .getByRole("link", { name: "Open request and messages" })
      .click();
    await buyer.getByTestId("thread-message").filter({ hasText: "We can also offer 200-litre drums." }).waitFor();

    // A buy request (Post RFQ) in Chemicals reaches both suppliers, who quote it.
    const need = `Industrial solvent ${tag()}`;
    await visit(buyer, "/trade-leads/new?type=buy");
    await buyer.getByLabel("Title").fill(need);
    await buyer.getByLabel("Description").fill("Monthly supply of industrial solvent, 200 drums.");
    await buyer.getByLabel("Category").selectOption("Chemicals");
    await buyer.getByLabel("Quantity").fill("200 drums");
    await buyer.getByRole("button", { name: "Post Lead" }).click();
    await buyer.getByText(need).first().waitFor();
    for (const [page, price] of [
      [alpha, "10"],
      [beta, "9.25"],
    ] as const) {
      await visit(page, "/inbox");
      await page.getByTestId("quota").getByText("5 of 5 quotes left this month").waitFor();
      await page.getByRole("link", { name: `Send a quote for ${need}` }).click();
      expect(await page.getByLabel("Quantity quoted").inputValue()).toBe("200");
      // The price of one unit, beside the quantity the buyer asked for (not the request's title).
      expect(await page.getByLabel(/^Unit price: /).count()).toBe(0);
      await page.getByLabel(/^Unit price \(per unit\)\s*— the buyer asks for 200 drums$/).fill(price);
      await page.getByLabel("Lead time (days)").fill("14");
      await page.getByLabel("Payment terms").fill("Net 30");
      await page.getByRole("button", { name: "Send Quote" }).click();
      await page.getByRole("heading", { level: 1, name: "Inbox" }).waitFor();
      await page.getByTestId("quota").getByText("4 of 5 quotes left this month").waitFor();
    }

    // The bell tells the two quotes apart.
    await visit(buyer, "/notifications");
    await buyer
      .getByTestId("notification")
      .filter({ hasText: `${a.name} quoted $2,000.00 for ${need}` })
      .waitFor();
    await buyer
      .getByTestId("notification")
      .filter({ hasText: `${b.name} quoted $1,850.00 for ${need}` })
      .waitFor();

    // The buyer compares the two side by side and accepts Beta's.
    await visit(buyer, "/requests");
    const comparison = buyer.getByTestId("my-request").filter({ hasText: need }).getByTestId("comparison");
    await comparison.getByText("$2,000.00").waitFor();
    await comparison.getByText("$1,850.00").waitFor();
    await scan(buyer);
    await comparison.getByRole("button", { name: `Accept the quote of ${b.name}` }).click();
    await buyer.getByText("Quote accepted").first().waitFor();
    await buyer.getByTestId("my-request").filter({ hasText: need }).getByText("Accepted").first().waitFor();

    // Alpha reads that it was not chosen.
    await visit(alpha, "/inbox");
    await alpha.getByTestId("inbox-request").filter({ hasText: need }).getByRole("link").click();
    await alpha.getByText("Not chosen").waitFor();
    expect(await alpha.getByRole("button", { name: "Publish review" }).count()).toBe(0);

    // The buyer reviews Beta, whose quote they accepted; the request Alpha lost has no review to write.
    await visit(buyer, "/requests");
    const group = buyer.getByTestId("my-request").filter({ hasText: need });
    await group.getByRole("listitem").filter({ hasText: a.name }).getByRole("link", { name: OPEN_REQUEST }).click();
    await buyer.getByText("Not chosen").first().waitFor();
    expect(await buyer.getByRole("button", { name: "Publish review" }).count()).toBe(0);
    await visit(buyer, "/requests");
    await group.getByRole("listitem").filter({ hasText: b.name }).getByRole("link", { name: OPEN_REQUEST }).click();
    await buyer.getByLabel("Product as described").selectOption("5");
    await buyer.getByLabel("Communication").selectOption("4");
    await buyer.getByLabel("Delivery time").selectOption("4");
    await buyer.getByLabel("Comment").fill("Drums arrived sealed and on time.");
    await scan(buyer, { again: true });
    await buyer.getByRole("button", { name: "Publish review" }).click();
    await buyer.getByText("Thank you: other buyers will read it on the supplier's page.").waitFor();
    // On the company page, in Chinese and Hindi, the unedited review's byline ends with its date (a '0' followed it).
    const reader = await browser.open({ javaScript });
    for (const [lng, date] of [
      ["zh", /\d{4}年\d{1,2}月\d{1,2}日$/],
      ["hi", /[\d०-९]{4}$/],
    ] as const) {
      await visit(reader, `${b.companyPath}?lng=${lng}`);
      expect((await reader.getByTestId("review-byline").textContent())?.trim()).toMatch(date);
    }
    // One edit, then no more; Beta replies once from the same request.
    await buyer.getByLabel("Delivery time").selectOption("5");
    await buyer.getByRole("button", { name: "Save my one edit" }).click();
    await buyer.getByText("Your review is changed; it cannot be changed again.").waitFor();
    expect(await buyer.getByRole("button", { name: "Save my one edit" }).count()).toBe(0);
    await visit(beta, new URL(buyer.url()).pathname);
    await beta.getByRole("heading", { name: "The buyer's review" }).waitFor();
    expect(await beta.getByRole("heading", { name: /^Your review of/ }).count()).toBe(0);
    await beta.getByLabel("Your reply (once)").fill("Thank you, see you next season.");
    await beta.getByRole("button", { name: "Publish reply" }).click();
    await beta.getByText("Your reply shows under the review on your company page.").waitFor();
    expect(await beta.getByRole("button", { name: "Publish reply" }).count()).toBe(0);
    await visit(beta, b.companyPath);
    await beta.getByTestId("company-reviews").getByText("Drums arrived sealed and on time.").waitFor();
    await beta.getByTestId("company-reviews").getByText("Thank you, see you next season.").waitFor();
    await beta.getByTestId("company-reviews").getByText("1 review from real deals").waitFor();

    // Both answered within 24 hours: the company pages say so.
    for (const [page, supplier] of [
      [alpha, a],
      [beta, b],
    ] as const) {
      await visit(page, supplier.companyPath);
      await page.getByRole("heading", { level: 1, name: supplier.name }).waitFor();
      await page.getByText("Response rate 100%").first().waitFor();
    }

    // One reference for the buy request everywhere: the buyer's, Alpha's page, and the admin's list,
    // which names each supplier and the price it quoted.
    await visit(buyer, "/requests");
    const reference = (await group.getByRole("heading", { level: 2 }).first().textContent())!.trim();
    expect(reference).toMatch(/^RFQ-[0-9A-F]{8}$/);
    await visit(alpha, "/inbox");
    await alpha.getByTestId("inbox-request").filter({ hasText: need }).getByRole("link").click();
    await alpha.getByRole("heading", { level: 1, name: `Request ${reference}` }).waitFor();
    const admin = await browser.open({ javaScript });
    await unlockAdminMode(admin, E2E_ADMIN_PASSWORD);
    for (const [status, supplier, price] of [
      ["accepted", b, "$9.25"],
      ["closed", a, "$10.00"],
    ] as const) {
      await visit(admin, `/admin/requests?status=${status}`);
      const listed = admin.getByTestId("admin-request").filter({ hasText: reference });
      expect(await listed.count()).toBe(1);
      expect(await listed.getByTestId("admin-request-supplier").textContent()).toBe(supplier.name);
      expect(await listed.getByTestId("quoted-price").textContent()).toBe(price);
      expect(await listed.getByTestId("listed-price").textContent()).toBe("—");
    }
    await scan(admin);
  });
});
