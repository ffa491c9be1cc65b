import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/seed/data";
import { scan, signInAs, unlockAdminMode, useBrowser, visit } from "./browser";
import { E2E_ADMIN_PASSWORD } from "./global-setup";

// Trust as a supplier and an admin meet it: the supplier sets the business type and applies to
// verify the company with a document; the admin downloads nothing here (trust.test.ts covers the
// documents) and approves; the badge with its year shows where buyers meet the company.

const browser = useBrowser();
const PDF = { name: "registration.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\n% company registration\n") };

describe.each([
  [true, "supplier05@example.com"],
  [false, "supplier06@example.com"],
])("verification with JavaScript %s", (javaScript, account) => {
  it("applies, is approved, and shows 'Verified Supplier since' the year on the product page, the company page and the directory", async () => {
    const [supplier, admin, buyer] = [
      await browser.open({ javaScript }),
      await browser.open({ javaScript }),
      await browser.open({ javaScript }),
    ];
    await signInAs(supplier, account, DEMO_PASSWORD);
    await visit(supplier, "/catalog");
    const card = supplier.getByTestId("catalog-card").first();
    const company = (await card.getByRole("heading", { level: 2 }).textContent())!;
    await card.getByRole("link", { name: "Verification" }).click();
    await supplier.getByRole("heading", { level: 1, name: `${company}: business type and verification` }).waitFor();
    await scan(supplier);
    await supplier.getByLabel("Business type").selectOption({ label: "Manufacturer" });
    await supplier.getByRole("button", { name: "Save business type" }).click();
    await supplier.getByText("The business type is saved.").waitFor();
    const applyWith = async (registration: string) => {
      await supplier.getByLabel("Business registration number").fill(registration);
      await supplier.getByLabel("Country").selectOption({ label: "Germany" });
      await supplier.getByLabel("Registered address").fill("Hafenstraße 1, 20457 Hamburg");
      await supplier.getByLabel(/^Documents/).setInputFiles(PDF);
      await supplier.getByRole("button", { name: "Apply for verification" }).click();
      await supplier.getByText("An administrator will review your documents; you will be told the decision.").waitFor();
      await supplier.getByText("Your application waits for an administrator's review.").waitFor();
    };
    await applyWith("HRB 98765");

    // The first application is rejected with a reason the supplier reads; the second is approved.
    await unlockAdminMode(admin, E2E_ADMIN_PASSWORD);
    await visit(admin, "/admin/verifications");
    await scan(admin);
    const waiting = () => admin.getByTestId("verification").filter({ hasText: company }).filter({ hasText: "Waiting for review" });
    await waiting().getByLabel("Reason (the supplier reads it)").fill("The number does not match the certificate.");
    await waiting().getByRole("button", { name: "Reject" }).click();
    await admin.getByText("The application is rejected; the supplier reads the reason.").waitFor();
    await visit(supplier, supplier.url());
    await supplier.getByTestId("verification-status").getByText("The number does not match the certificate.").waitFor();
    await applyWith("HRB 987654");
    await visit(admin, "/admin/verifications");
    await waiting().getByRole("link", { name: "registration.pdf" }).waitFor();
    await waiting().getByRole("button", { name: "Approve for a year" }).click();
    await admin.getByText("The company is verified for a year.").waitFor();
    // The supplier's bell says each outcome, and the rejection's reason (issue 38, item 6).
    await visit(supplier, "/notifications");
    const told = supplier.getByTestId("notification");
    await told.filter({ hasText: `The verification of ${company} was rejected: The number does not match the certificate.` }).waitFor();
    await told.filter({ hasText: `The verification of ${company} was approved: it shows as a Verified Supplier` }).waitFor();

    const badge = `Verified Supplier since ${new Date().getUTCFullYear()}`;
    await visit(buyer, "/companies");
    await buyer.getByLabel("Search companies by name").fill(company);
    await buyer.locator("#main").getByRole("button", { name: "Search" }).click();
    await buyer
      .getByRole("link", { name: new RegExp(company) })
      .getByTestId("verified-badge")
      .getByText(badge)
      .waitFor();
    await buyer.getByRole("link", { name: new RegExp(company) }).click();
    await buyer.getByRole("heading", { level: 1, name: company }).waitFor();
    await buyer.getByTestId("verified-badge").getByText(badge).waitFor();
    await buyer.getByTestId("business-type").getByText("Manufacturer").waitFor();
    await buyer.getByTestId("company-products").getByRole("link").first().click();
    await buyer.getByTestId("company-card").getByTestId("verified-badge").getByText(badge).waitFor();
  });
});

describe.each([
  [true, "supplier09@example.com"],
  [false, "supplier10@example.com"],
])("reports with JavaScript %s", (javaScript, account) => {
  it("a buyer reports a product as fraud; the admin suspends its supplier, whose products leave search and who cannot sign in", async () => {
    const [buyer, admin, supplier] = [
      await browser.open({ javaScript }),
      await browser.open({ javaScript }),
      await browser.open({ javaScript }),
    ];
    await signInAs(supplier, account, DEMO_PASSWORD);
    await visit(supplier, "/catalog");
    const card = supplier.getByTestId("catalog-card").first();
    const companyPath = (await card.getByRole("link", { name: "View company page" }).getAttribute("href"))!;

    await signInAs(buyer, "premium@example.com", DEMO_PASSWORD);
    await visit(buyer, companyPath);
    const productLink = buyer.getByTestId("company-products").getByRole("link").first();
    const productPath = (await productLink.getAttribute("href"))!;
    await productLink.click();
    await buyer.waitForURL((url) => url.pathname === productPath);
    await buyer.getByTestId("company-card").waitFor();
    const title = (await buyer.getByRole("heading", { level: 1 }).textContent())!;
    await buyer.getByTestId("company-card").getByRole("link", { name: "Report" }).click();
    await buyer.getByRole("heading", { level: 1, name: "Report to the administrators" }).waitFor();
    await scan(buyer);
    await buyer.getByLabel("Fraud or scam").check();
    await buyer.getByLabel("What happened").fill("The supplier asked for payment to a personal account and stopped answering.");
    await buyer.getByRole("button", { name: "Send report" }).click();
    await buyer.getByText("Thank you: an administrator will look at it and tell you the outcome.").waitFor();

    await unlockAdminMode(admin, E2E_ADMIN_PASSWORD);
    await visit(admin, "/admin/reports");
    await scan(admin);
    const reported = admin.getByTestId("report").filter({ hasText: "personal account" });
    await reported.locator("p", { hasText: "Fraud or scam" }).waitFor();
    await reported.getByRole("button", { name: "Suspend the account" }).click();
    await admin.getByText("The account is suspended and its listings hidden; the reporters are told.").waitFor();
    await admin.getByTestId("suspended").filter({ hasText: account }).waitFor();

    // Gone from search and its page; the supplier is signed out and cannot sign in.
    await visit(buyer, `/products?search=${encodeURIComponent(title)}`);
    expect(await buyer.getByTestId("product-grid").getByText(title, { exact: true }).count()).toBe(0);
    expect((await buyer.goto(productPath))?.status()).toBe(404);
    await visit(supplier, "/catalog");
    await supplier.waitForURL(/\/auth\?redirectTo=/);
    await supplier.getByLabel("E-mail").fill(account);
    await supplier.getByLabel("Password").fill(DEMO_PASSWORD);
    await supplier.getByRole("button", { name: "Sign In" }).click();
    await supplier.getByText("Invalid email or password", { exact: false }).waitFor();

    // Lifted, the listing is back.
    await visit(admin, "/admin/reports");
    await admin.getByTestId("suspended").filter({ hasText: account }).getByRole("button", { name: "Lift the suspension" }).click();
    await admin.getByText("The suspension is lifted.").waitFor();
    expect((await buyer.goto(productPath))?.status()).toBe(200);

    // A report an admin finds unfounded is dismissed, and the company stays.
    await visit(buyer, companyPath);
    await buyer.getByTestId("report-link").click();
    await buyer.getByLabel("Spam").check();
    await buyer.getByLabel("What happened").fill("Too many identical listings.");
    await buyer.getByRole("button", { name: "Send report" }).click();
    await buyer.getByText("Thank you: an administrator will look at it and tell you the outcome.").waitFor();
    await visit(admin, "/admin/reports");
    await admin.getByTestId("report").filter({ hasText: "Too many identical listings." }).getByRole("button", { name: "Dismiss" }).click();
    await admin.getByText("The reports are dismissed; the reporters are told.").waitFor();
    expect((await buyer.goto(companyPath))?.status()).toBe(200);

    // Hidden on its own: gone for the buyer, shown to its supplier with the reason; shown again.
    await visit(buyer, productPath);
    await buyer.getByTestId("company-card").getByRole("link", { name: "Report" }).click();
    await buyer.getByLabel("Counterfeit").check();
    await buyer.getByLabel("What happened").fill(`The brand on the photos is not theirs to sell (${account}).`);
    await buyer.getByRole("button", { name: "Send report" }).click();
    await buyer.getByText("Thank you: an administrator will look at it and tell you the outcome.").waitFor();
    await visit(admin, "/admin/reports");
    const counterfeit = admin.getByTestId("report").filter({ hasText: `not theirs to sell (${account})` });
    await counterfeit.getByTestId("report-excerpt").getByText(title).waitFor();
    await counterfeit.getByLabel("Why").selectOption("counterfeit");
    await counterfeit.getByRole("button", { name: "Hide it" }).click();
    await admin.getByText("The item is hidden; its author and the reporters are told.").waitFor();
    expect((await buyer.goto(productPath))?.status()).toBe(404);
    await signInAs(supplier, account, DEMO_PASSWORD);
    await visit(supplier, "/notifications");
    await supplier.getByText("An admin hid your product after reports: Counterfeit").click();
    await supplier
      .getByTestId("hidden-notice")
      .getByText("Hidden by an administrator after reports (Counterfeit).", { exact: false })
      .waitFor();
    await visit(admin, "/admin/reports");
    await admin.getByTestId("hidden-content").filter({ hasText: title }).getByRole("button", { name: "Show it again" }).click();
    await admin.getByText("The item shows again.").waitFor();
    expect((await buyer.goto(productPath))?.status()).toBe(200);
  });
});
