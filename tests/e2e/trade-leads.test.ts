import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/seed/data";
import { scan, useBrowser, visit } from "./browser";

const browser = useBrowser();

describe.each([true, false])("trade leads with JavaScript %s", (javaScript) => {
  it("browses the tabs as a visitor, with contact details hidden", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/trade-leads");
    await page.getByRole("heading", { level: 1, name: "Trade Leads" }).waitFor();
    expect(await page.getByRole("link", { name: "Post Lead" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "My Leads" }).count()).toBe(0);
    await page.getByText("Contact details hidden").first().waitFor();
    for (const [tab, badge] of [
      ["Looking to Buy", "Looking to Buy"],
      ["Looking to Sell", "Looking to Sell"],
    ] as const) {
      const tabs = page.getByRole("navigation", { name: "Trade lead lists" });
      await tabs.getByRole("link", { name: tab }).click();
      await page.waitForURL(new RegExp(`tab=${tab === "Looking to Buy" ? "buy" : "sell"}`));
      // The tab marked current comes with the new list: the address can change before the list does.
      await tabs.locator('a[aria-current="page"]', { hasText: tab }).waitFor();
      const badges = await page.getByTestId("lead-card").locator("span.rounded-full:first-child").allTextContents();
      expect(new Set(badges)).toEqual(new Set([badge]));
    }
    await scan(page);
  });

  it("posts, sees it in My Leads, edits, deactivates and deletes with confirmation", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/auth?redirectTo=%2Ftrade-leads");
    await page.getByLabel("E-mail").fill("free@example.com");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { level: 1, name: "Trade Leads" }).waitFor();

    await page.getByRole("link", { name: "Post RFQ" }).click();
    await page.getByRole("heading", { name: "Create Trade Lead" }).waitFor();
    await scan(page);
    expect(await page.getByLabel("Looking to Buy").isChecked()).toBe(true);
    await page.getByRole("button", { name: "Post Lead" }).click();
    await page.getByText("This field is required").first().waitFor();
    const title = `Need organic cotton yarn ${javaScript ? "JS" : "noJS"} ${Date.now()}`;
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Description").fill("Ne 30/1 combed, 5 tons monthly.");
    await page.getByLabel("Category").selectOption("Textiles");
    await page.getByLabel("Quantity").fill("5 tons");
    await page.getByLabel("Location").fill("Portugal");
    await page.getByLabel("Contact info").fill("yarn-buyer@example.com");
    await page.getByRole("button", { name: "Post Lead" }).click();
    await page.getByText("Trade lead created successfully!").waitFor();
    const card = page.getByTestId("lead-card").filter({ hasText: title });
    await card.getByText("yarn-buyer@example.com").waitFor();

    await card.getByRole("link", { name: "Edit" }).click();
    await page.getByRole("heading", { name: "Edit Trade Lead" }).waitFor();
    await scan(page);
    await page.getByLabel("Quantity").fill("8 tons");
    await page.getByLabel("Active", { exact: true }).uncheck();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Trade lead updated successfully!").waitFor();
    await card.getByText("Inactive").waitFor();
    await card.getByText("8 tons").waitFor();

    await visit(page, "/trade-leads");
    expect(await page.getByTestId("lead-card").filter({ hasText: title }).count()).toBe(0);

    await visit(page, "/trade-leads?tab=mine");
    await card.getByRole("link", { name: "Delete" }).click();
    await card.getByText("Are you sure you want to delete this trade lead?").waitFor();
    await card.getByRole("link", { name: "Cancel" }).click();
    // Gone once the page without the question is there (waiting on the locator, which outlives the
    // navigation that JavaScript off makes, rather than on a document that may not have a body yet).
    await page.getByText("Are you sure you want to delete this trade lead?").waitFor({ state: "hidden" });
    await card.getByRole("link", { name: "Delete" }).click();
    await card.getByRole("button", { name: "Yes, delete" }).click();
    await page.getByText("Trade lead deleted successfully!").waitFor();
    expect(await page.getByTestId("lead-card").filter({ hasText: title }).count()).toBe(0);
  });
});
