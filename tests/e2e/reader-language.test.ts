import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/seed/data";
import { baseURL, signInAs, signUpAs, useBrowser, visit } from "./browser";

// Issue 38, items 11-15, as a reader of Chinese or Hindi sees the pages in Chromium, with
// JavaScript on (the browser's own render must say what the server said) and off. With
// E2E_SCREENSHOTS set to a folder, each page is also saved there as a picture to look at.

const browser = useBrowser();
const SHOTS = process.env.E2E_SCREENSHOTS;
let counter = 0;
const tag = () => `${Date.now().toString(36)}${++counter}`;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

/** The page's visible text, once the browser has rendered it (and, with JavaScript on, hydrated it). */
const bodyText = (page: Page) => page.locator("main").innerText();

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A seeded supplier quotes the buy request `title`, through the quote form's action. */
async function quote(page: Page, email: string, title: string, price: string) {
  await signInAs(page, email, DEMO_PASSWORD);
  await visit(page, "/inbox");
  const href = await page.getByRole("link", { name: `Send a quote for ${title}` }).getAttribute("href");
  const answer = await page.context().request.post(href!, {
    form: {
      "unitPrices[0]": price,
      currency: "USD",
      quantity: "20",
      minimumOrder: "10",
      leadTimeDays: "30",
      incoterm: "FOB",
      paymentTerms: "Net 30",
      validUntil: inDays(30),
      message: "Fresh crop",
    },
    headers: { Origin: baseURL() },
    maxRedirects: 0,
  });
  expect(answer.status(), `quote by ${email}`).toBe(302);
  await page.context().clearCookies();
}

describe.each([true, false])("words and numbers in the reader's language, with JavaScript %s", (javaScript) => {
  const js = javaScript ? "js-on" : "js-off";

  it("greets a new member with Welcome, then names countries on the quote comparison, the request and the inbox", async () => {
    const buyer = await browser.open({ javaScript });
    const name = `Asha ${tag()}`;
    await signUpAs(buyer, `asha-${tag()}@example.com`, "reader-secret", name, { country: "India" });
    // 15. The first visit after signing up says Welcome, not Welcome back.
    await visit(buyer, "/?lng=hi");
    const banner = buyer.getByTestId("welcome-back");
    await banner.getByRole("heading", { name: `स्वागत है, ${name}!` }).waitFor();
    expect(await banner.innerText()).not.toContain("फिर से स्वागत है");
    await shot(buyer, `home-first-visit-hi-${js}`);
    await visit(buyer, "/?lng=zh");
    await banner.getByRole("heading", { name: `欢迎，${name}！` }).waitFor();
    // 14. The top bar says the member count as Chinese does.
    await buyer.getByText("这里汇聚了超过1100万家进口商和出口商").waitFor();
    await shot(buyer, `home-first-visit-zh-${js}`);

    // A buy request in Agriculture reaches the seeded rice mills of Thailand and Brazil, who quote it.
    const need = `Jasmine rice ${tag()}`;
    const posted = await buyer.context().request.post("/trade-leads/new", {
      form: { leadType: "buy", title: need, description: "Twenty tonnes of jasmine rice.", category: "Agriculture", quantity: "20 tonnes" },
      headers: { Origin: baseURL() },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(302);
    const supplier = await browser.open({ javaScript });
    await quote(supplier, "supplier11@example.com", need, "450");
    await quote(supplier, "supplier12@example.com", need, "430");

    // 11. The comparison names the suppliers' countries in Hindi, then in Chinese.
    await visit(buyer, "/requests?lng=hi");
    const comparison = buyer.getByTestId("my-request").filter({ hasText: need }).getByTestId("comparison");
    await comparison.getByText("थाईलैंड").waitFor();
    await comparison.getByText("ब्राज़ील").waitFor();
    expect(await comparison.innerText()).not.toMatch(/Thailand|Brazil/);
    await comparison.scrollIntoViewIfNeeded();
    await shot(buyer, `requests-comparison-hi-${js}`);
    await visit(buyer, "/requests?lng=zh");
    await comparison.getByText("泰国").waitFor();
    await comparison.getByText("巴西").waitFor();
    await comparison.scrollIntoViewIfNeeded();
    await shot(buyer, `requests-comparison-zh-${js}`);

    // The request's own page names the supplier's country.
    const group = buyer.getByTestId("my-request").filter({ hasText: need });
    await group.getByRole("listitem").filter({ hasText: "Bangkok Rice Mills" }).getByRole("link", { name: "查看询价和消息" }).click();
    await buyer.getByText("泰国").first().waitFor();
    expect(await bodyText(buyer)).not.toContain("Thailand");
    await shot(buyer, `request-page-zh-${js}`);

    // The supplier's inbox in Hindi names the buyer's country, and the buy request's category (12).
    await signInAs(supplier, "supplier11@example.com", DEMO_PASSWORD);
    await visit(supplier, "/inbox?lng=hi");
    const request = supplier.getByTestId("inbox-request").filter({ hasText: need });
    await request.getByText(`${name} · भारत`, { exact: false }).waitFor();
    expect(await request.innerText()).not.toContain("India");
    await supplier.getByText("कृषि").first().waitFor();
    expect(await bodyText(supplier)).not.toMatch(/\bAgriculture\b/);
    await shot(supplier, `inbox-hi-${js}`);
  });

  it("names categories, plans and numbers in Chinese and Hindi", async () => {
    const page = await browser.open({ javaScript });
    // 12. The product list's heading and cards for a category.
    await visit(page, "/products?category=Consumer%20Electronics&lng=zh");
    await page.getByRole("heading", { level: 1, name: "产品分类：消费电子" }).waitFor();
    expect(await bodyText(page)).not.toContain("Consumer Electronics");
    await shot(page, `products-category-zh-${js}`);
    await visit(page, "/products?category=Agriculture&lng=hi");
    await page.getByRole("heading", { level: 1, name: "श्रेणी: कृषि" }).waitFor();
    expect(await bodyText(page)).not.toMatch(/\bAgriculture\b/);
    await shot(page, `products-category-hi-${js}`);

    // 13. Plan names, and 14. the limits' numbers as each language writes them.
    await visit(page, "/membership?lng=zh");
    for (const plan of ["免费", "白银", "黄金", "铂金"]) await page.getByText(plan, { exact: true }).first().waitFor();
    expect(await bodyText(page)).not.toMatch(/Silver|Gold|Platinum/);
    await shot(page, `membership-zh-${js}`);
    await visit(page, "/membership?lng=hi");
    for (const plan of ["सिल्वर", "गोल्ड", "प्लैटिनम"]) await page.getByText(plan, { exact: true }).first().waitFor();
    await page.getByText("प्रति कैटलॉग अधिकतम 1,000 उत्पाद").waitFor();
    await shot(page, `membership-hi-${js}`);

    // My Catalog names a gold member's plan.
    await signInAs(page, "professional@example.com", DEMO_PASSWORD);
    await visit(page, "/catalog?lng=hi");
    await page
      .getByTestId("catalog-usage")
      .getByText(/^गोल्ड प्लान:/)
      .waitFor();
    await shot(page, `catalog-usage-hi-${js}`);
  });
});
