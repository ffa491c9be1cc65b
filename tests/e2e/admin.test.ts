import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/seed/data";
import { scan, signInAs, unlockAdminMode, useBrowser, visit } from "./browser";
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
    const requests = admin.getByTestId("upgrade-requests");
    const row = requests.getByRole("row").filter({ hasText: email });
    await row.getByText("platinum").waitFor();
    await row.getByRole("button", { name: "Approve" }).click();
    await admin.getByText("The upgrade was approved and the member's plan updated.").waitFor();
    expect(await admin.getByTestId("upgrade-requests").getByRole("row").filter({ hasText: email }).count()).toBe(0);

    // The member now has a paid plan: contact details on every trade lead.
    await visit(member, "/trade-leads");
    expect(await member.getByText("Contact details hidden").count()).toBe(0);

    await visit(admin, "/admin/messages");
    await admin.getByRole("heading", { name: "Contact Messages" }).waitFor();
  });

  it("finds a member by e-mail, sees their plan and verification, suspends the account and lifts it", async () => {
    // A seeded supplier that no other journey signs in as (sign-ups are limited per address, and
    // the suite makes nearly as many as the limit allows); the journey lifts what it suspends.
    const email = `supplier${javaScript ? "24" : "25"}@example.com`;
    const member = await browser.open({ javaScript });
    await signInAs(member, email, DEMO_PASSWORD);

    const admin = await browser.open({ javaScript });
    await unlockAdminMode(admin, E2E_ADMIN_PASSWORD);
    await visit(admin, "/admin/members");
    await admin.getByLabel("Find a member").fill(email.toUpperCase());
    await admin.locator("#main").getByRole("button", { name: "Search" }).click();
    await admin.waitForURL((url) => url.searchParams.get("q") === email.toUpperCase());
    const rows = admin.getByTestId("member");
    await admin.getByTestId("member-count").getByText("1 member").waitFor();
    expect(await rows.count()).toBe(1);
    const row = rows.filter({ hasText: email });
    await row.getByText("Professional", { exact: true }).waitFor();
    await row.getByTestId("company-verification").getByText("Not verified").waitFor();
    await scan(admin, { again: true });

    await row.getByRole("button", { name: "Suspend" }).click();
    await admin.getByText("The account is suspended and its listings hidden; the reporters are told.").waitFor();
    expect(new URL(admin.url()).searchParams.get("q")).toBe(email.toUpperCase());
    await row
      .getByTestId("member-status")
      .getByText(/^Suspended since/)
      .waitFor();
    // Their session ended with it.
    await visit(member, "/");
    expect(await member.getByTestId("account-menu").count()).toBe(0);

    await row.getByRole("button", { name: "Lift the suspension" }).click();
    await admin.getByText("The suspension is lifted.").waitFor();
    await row.getByTestId("member-status").getByText("Active").waitFor();
  });
});
