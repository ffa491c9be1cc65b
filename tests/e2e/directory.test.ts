import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, supplierCompanies } from "../../db/seed/data";
import { scan, signInAs, unlockAdminMode, useBrowser, visit } from "./browser";
import { E2E_ADMIN_PASSWORD } from "./global-setup";

// The companies directory's filters (issue 39, item 6) as a buyer uses them: an admin verifies a
// supplier first (as trust.test.ts does), then the buyer narrows the directory by two countries and
// verified suppliers, reads each count against the list, removes a filter by its chip, clears them
// all and sorts by response rate.

const browser = useBrowser();
const PDF = { name: "registration.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\n% company registration\n") };

async function verify(supplier: Page, admin: Page, account: string, catalogId: string, company: string) {
  await signInAs(supplier, account, DEMO_PASSWORD);
  await visit(supplier, `/catalog/${catalogId}/verification`);
  await supplier.getByLabel("Business registration number").fill("REG-2026-0042");
  await supplier.getByLabel("Country").selectOption({ label: "India" });
  await supplier.getByLabel("Registered address").fill("14 Avinashi Road, Tiruppur 641602");
  await supplier.getByLabel(/^Documents/).setInputFiles(PDF);
  await supplier.getByRole("button", { name: "Apply for verification" }).click();
  await supplier.getByText("Your application waits for an administrator's review.").waitFor();
  await unlockAdminMode(admin, E2E_ADMIN_PASSWORD);
  await visit(admin, "/admin/verifications");
  const waiting = admin.getByTestId("verification").filter({ hasText: company }).filter({ hasText: "Waiting for review" });
  await waiting.getByRole("button", { name: "Approve for a year" }).click();
  await admin.getByText("The company is verified for a year.").waitFor();
}

/** The number in an option's label, "India (3)" → 3. */
const countIn = async (page: Page, name: RegExp) => {
  const label = (await page.getByText(name).first().textContent())!;
  return Number(label.match(/\((\d+)\)\s*$/)![1]);
};

const rates = async (page: Page) =>
  (await page.getByTestId("company-card").getByTestId("response-rate").allTextContents()).map((text) => {
    const rate = text.match(/Response rate (\d+)%/);
    return rate ? Number(rate[1]) : -1;
  });

describe.each([
  [true, 12, "supplier13@example.com"],
  [false, 13, "supplier14@example.com"],
])("the companies directory with JavaScript %s", (javaScript, index, account) => {
  it("filters by country and verified suppliers with counts that match the list, removes filters, and sorts by response rate", async () => {
    const [supplier, admin, buyer] = [
      await browser.open({ javaScript }),
      await browser.open({ javaScript }),
      await browser.open({ javaScript }),
    ];
    const { id, companyName } = supplierCompanies()[index];
    await verify(supplier, admin, account, id, companyName);

    await visit(buyer, "/companies");
    await buyer.getByRole("checkbox", { name: /^India \(\d+\)$/ }).check();
    await buyer.getByRole("checkbox", { name: /^Vietnam \(\d+\)$/ }).check();
    await buyer.getByRole("button", { name: "Apply filters" }).click();
    await buyer.waitForURL(/country=IN.*country=VN/);
    // With JavaScript the address carries only the filters chosen; without it, every field (read the same).
    if (javaScript) expect(new URL(buyer.url()).search).toBe("?country=IN&country=VN");
    const byCountry = (await countIn(buyer, /^India \(\d+\)$/)) + (await countIn(buyer, /^Vietnam \(\d+\)$/));
    await expect.poll(() => buyer.getByTestId("company-card").count()).toBe(byCountry);
    // The count beside "verified" is what ticking it will leave.
    const verifiedCount = await countIn(buyer, /^Verified suppliers only \(\d+\)$/);
    expect(verifiedCount).toBeGreaterThanOrEqual(1);

    await buyer.getByRole("checkbox", { name: /^Verified suppliers only/ }).check();
    await buyer.getByRole("button", { name: "Apply filters" }).click();
    await buyer.waitForURL(/verified=1/);
    await scan(buyer, { again: true });
    const cards = buyer.getByTestId("company-card");
    await expect.poll(() => cards.count()).toBe(verifiedCount);
    await cards.filter({ hasText: companyName }).getByTestId("verified-badge").waitFor();
    expect(await cards.getByTestId("verified-badge").count()).toBe(verifiedCount);
    for (const country of await cards.getByTestId("company-country").allTextContents()) expect(["India", "Vietnam"]).toContain(country);
    expect(await buyer.getByTestId("company-count").textContent()).toMatch(new RegExp(`^Found ${verifiedCount} compan`));
    expect(await buyer.getByTestId("filter-chip").allTextContents()).toEqual(["India×", "Vietnam×", "Verified suppliers×"]);

    // A chip removes its own filter; the rest stay.
    await buyer.getByRole("link", { name: "Remove filter: Verified suppliers" }).click();
    await buyer.waitForURL((url) => !url.search.includes("verified"));
    await expect.poll(() => cards.count()).toBe(byCountry);
    await buyer.getByTestId("clear-filters").click();
    await buyer.waitForURL((url) => !url.search.includes("country"));
    await expect.poll(() => buyer.getByTestId("filter-chip").count()).toBe(0);

    await buyer.getByLabel("Sort by").selectOption({ label: "Sort: Response rate" });
    await buyer.locator("#main").getByRole("button", { name: "Search" }).click();
    await buyer.waitForURL(/sort=response_rate/);
    // Highest rate first, new suppliers (without one) last; with JavaScript the list follows the address.
    const sorted = async () => {
      const shown = await rates(buyer);
      return shown.length > 5 && shown.every((rate, i) => i === 0 || shown[i - 1] >= rate);
    };
    await expect.poll(sorted).toBe(true);
  });
});
