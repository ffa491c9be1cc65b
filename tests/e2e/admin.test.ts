import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAs, useBrowser, visit } from "./browser";
import { E2E_ADMIN_PASSWORD } from "./global-setup";

const browser = useBrowser();

async function registerForPlan(page: Page, email: string) {
  await visit(page, "/membership?step=details&plan=platinum");
  await page.getByLabel("Full name").fill("Uma Upgrade");
  await page.getByLabel("Company name").fill("Upgrade Ltd");
  await page.getByLabel("Supplier").check();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("secret12");
  await page.getByLabel("Confirm password").fill("secret12");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByText("Account created successfully! Please check your email to verify your account.").waitFor();
  await signInAs(page, email, "secret12");
}

describe.each([true, false])("administration with JavaScript %s", (javaScript) => {
  it("approves a member's upgrade request and reads contact messages", async () => {
    const email = `upgrade-${javaScript ? "js" : "nojs"}-${Date.now()}@example.com`;
    const member = await browser.open({ javaScript });
    await registerForPlan(member, email);

    const admin = await browser.open({ javaScript });
    await visit(admin, "/admin/login?redirectTo=%2Fadmin%2Fmembers");
    await admin.getByLabel("Admin password").fill(E2E_ADMIN_PASSWORD);
    await admin.getByRole("button", { name: "Unlock" }).click();
    await admin.getByRole("heading", { name: "Members & Upgrades" }).waitFor();
    const row = admin.getByRole("row").filter({ hasText: email });
    await row.getByText("platinum").waitFor();
    await row.getByRole("button", { name: "Approve" }).click();
    await admin.getByText("The upgrade was approved and the member's plan updated.").waitFor();
    expect(await admin.getByRole("row").filter({ hasText: email }).count()).toBe(0);

    // The member now has a paid plan: contact details on every trade lead.
    await visit(member, "/trade-leads");
    expect(await member.getByText("Contact details hidden").count()).toBe(0);

    await visit(admin, "/admin/messages");
    await admin.getByRole("heading", { name: "Contact Messages" }).waitFor();
  });
});
