import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, PHONE, useBrowser, visit } from "./browser";
import { E2E_ADMIN_PASSWORD } from "./global-setup";

const browser = useBrowser();
const DESKTOP = { width: 1280, height: 720 };

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

  it("shows every column, Notes included, within the table's region at 1280 px and, scrolled, on a phone", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/leads-import");
    await unlockAdmin(page);
    const company = `Notes Check ${javaScript ? "JS" : "HTML"} ${Date.now()}`;
    const note =
      "Met at the Canton Fair in April; wants three containers of stainless steel valves per quarter, samples before the end of the month, FOB Ningbo and CIF Rotterdam prices. Call back on Tuesday.";
    const csv = [
      "company_name,contact_name,email,phone,country,industry,status,notes",
      `${company} International Trading Company Limited,Jonathan Alexander Smith-Whitfield,jonathan.alexander.smith-whitfield@acme-international-trading.example.com,+1 (555) 123-4567 ext. 8901,United States of America,Industrial Machinery and Equipment,hot,"${note}"`,
      `${company} Foods,Maria,maria@example.com,+34 600 000 000,Spain,Food,warm,Short note`,
    ].join("\n");
    await page.getByLabel(/^Skip rows that match leads already imported/).uncheck();
    await page.locator('input[type="file"]').setInputFiles({ name: "notes.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: javaScript ? "Upload File & Import Leads" : "Upload File" }).click();
    await page.getByText("Successfully uploaded notes.csv and imported 2 leads").waitFor();

    /**
     * Where each Notes cell of our rows lies once the table's region is scrolled to its end (it
     * scrolls only when the columns need more room than it has): inside the region and the window,
     * its text not cut off sideways.
     */
    const notesAtTheEnd = () =>
      page.getByTestId("leads-table-region").evaluate((region, name) => {
        region.scrollLeft = region.scrollWidth;
        const box = region.getBoundingClientRect();
        const rows = [...region.querySelectorAll("tbody tr")].filter((row) => row.textContent?.includes(name));
        return {
          scrolls: region.scrollWidth > region.clientWidth,
          pageWidth: document.documentElement.scrollWidth,
          cells: rows.map((row) => {
            const cell = row.querySelector<HTMLElement>('[data-testid="lead-notes"]')!;
            const rect = cell.getBoundingClientRect();
            return {
              inRegion: rect.left >= box.left - 1 && rect.right <= box.right + 1,
              inWindow: rect.left >= 0 && rect.right <= window.innerWidth,
              cutOff: cell.scrollWidth > cell.clientWidth + 1,
            };
          }),
        };
      }, company);

    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      const placed = await notesAtTheEnd();
      expect(placed.cells, `${viewport.width} px`).toEqual([
        { inRegion: true, inWindow: true, cutOff: false },
        { inRegion: true, inWindow: true, cutOff: false },
      ]);
      // The page itself never scrolls sideways; on a phone the table does, within its region.
      expect(placed.pageWidth, `${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
      if (viewport === PHONE) expect(placed.scrolls).toBe(true);
    }

    // A short note shows whole; a long one shows its first lines, and its control opens the whole of it.
    await page.setViewportSize(DESKTOP);
    await page
      .getByTestId("leads-table")
      .getByRole("row")
      .filter({ hasText: `${company} Foods` })
      .getByRole("cell", { name: "Short note", exact: true })
      .waitFor();
    const row = page
      .getByTestId("leads-table")
      .getByRole("row")
      .filter({ hasText: `${company} International` });
    await row.getByText("Show the whole note").click();
    const whole = row.locator("details > p");
    expect(await whole.isVisible()).toBe(true);
    expect(await whole.textContent()).toBe(note);
  });
});
