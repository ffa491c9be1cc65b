import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, useBrowser, visit } from "./browser";
import { E2E_ADMIN_PASSWORD } from "./global-setup";

const browser = useBrowser();

async function unlockAdmin(page: Page) {
  await page.getByLabel("Admin password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Unlock" }).click();
  await page.getByRole("heading", { name: "File Upload & Leads Management" }).waitFor();
}

describe.each([true, false])("bulk lead import with JavaScript %s", (javaScript) => {
  it("is behind the admin gate, whose Cancel returns home", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/leads-import");
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.pathname === "/", { waitUntil: "commit" });
  });

  it("downloads the sample, imports it, and shows the rows and the upload", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/leads-import");
    await unlockAdmin(page);
    if (javaScript) await expectAccessible(page);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download Sample CSV" }).click()]);
    expect(download.suggestedFilename()).toBe("sample_leads.csv");
    const sample = await readFile((await download.path())!, "utf8");
    expect(sample.trim().split(/\r?\n/)).toHaveLength(4);

    // Earlier journeys may have imported the sample already: this time every row goes in.
    await page.getByLabel(/^Skip rows that match leads already imported/).uncheck();
    await page.locator('input[type="file"]').setInputFiles({ name: "sample_leads.csv", mimeType: "text/csv", buffer: Buffer.from(sample) });
    if (javaScript) {
      const chosen = page.getByTestId("chosen-file");
      await chosen.getByText("sample_leads.csv").waitFor();
      await chosen.getByText("CSV File").waitFor();
      await chosen.getByText(/KB$/).waitFor();
      await page.getByRole("button", { name: "Upload File & Import Leads" }).click();
    } else {
      await page.getByRole("button", { name: "Upload File" }).click();
    }
    await page.getByText("File Uploaded and Leads Imported").waitFor();
    await page.getByText("Successfully uploaded sample_leads.csv and imported 3 leads").waitFor();
    const table = page.getByTestId("leads-table");
    await table.getByRole("cell", { name: "Acme Trading Co." }).first().waitFor();
    await table.getByRole("cell", { name: "Sunrise Foods" }).first().waitFor();
    expect(await page.getByRole("heading", { name: /^Imported Leads \(\d+\)$/ }).count()).toBe(1);
    await page.getByTestId("recent-uploads").getByRole("link", { name: "sample_leads.csv" }).first().waitFor();
    if (javaScript) await expectAccessible(page);

    // The same file again, skipping what was imported: nothing new, and the page says why.
    await page.getByLabel(/^Skip rows that match leads already imported/).check();
    await page.locator('input[type="file"]').setInputFiles({ name: "sample_leads.csv", mimeType: "text/csv", buffer: Buffer.from(sample) });
    await page.getByRole("button", { name: javaScript ? "Upload File & Import Leads" : "Upload File" }).click();
    await page.getByText("3 rows matched leads already imported and were skipped.").waitFor();
    await page.getByText("Successfully uploaded sample_leads.csv. Every row matched a lead already imported.").waitFor();
  });

  it('explains that a CSV needs a "company_name" column', async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/leads-import");
    await unlockAdmin(page);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "contacts.csv", mimeType: "text/csv", buffer: Buffer.from("name,email\nAcme,a@example.com\n") });
    if (javaScript) {
      // The browser checks the file before anything is sent.
      await page.getByTestId("chosen-file").getByText('CSV must include a "company_name" column').waitFor();
      await page.getByRole("button", { name: "Remove file" }).click();
      expect(await page.getByTestId("chosen-file").count()).toBe(0);
    } else {
      await page.getByRole("button", { name: "Upload File" }).click();
      await page.getByText('CSV must include a "company_name" column').waitFor();
      await page.getByText("Successfully uploaded contacts.csv. No leads were imported due to parsing errors.").waitFor();
    }
  });

  it("refuses a file whose content does not match its extension", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/leads-import");
    await unlockAdmin(page);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "report.pdf", mimeType: "application/pdf", buffer: Buffer.from("not really a pdf") });
    if (javaScript) await page.getByTestId("chosen-file").getByText("PDF Document").waitFor();
    await page.getByRole("button", { name: "Upload File", exact: true }).click();
    await page.getByTestId("upload-error").getByText("The file's content does not match its extension").waitFor();
  });
});
