import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/seed/data";
import { openAccountMenu, scan, useBrowser, visit } from "./browser";
import { E2E_ADMIN_PASSWORD } from "./global-setup";

const browser = useBrowser();
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

/** The header's Sign In link, then the form. */
async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByRole("link", { name: "Sign In", exact: true }).click();
  await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByTestId("greeting").waitFor();
}

describe.each([true, false])("accounts with JavaScript %s", (javaScript) => {
  it("signs up, is told to check e-mail, signs in with the new password, is greeted, signs out", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/");
    await page.getByRole("link", { name: "Sign In", exact: true }).click();
    await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
    await page.getByRole("link", { name: "Join now" }).click();
    await page.getByRole("heading", { name: "Join" }).waitFor();
    await scan(page);
    const email = uniqueEmail("signup");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("secret12");
    await page.getByLabel("Full name").fill("Sam Signup");
    await page.getByLabel("Company").fill("Signup Traders");
    await page.getByLabel("Business type").selectOption("Sell Only");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Account created successfully! Please check your email to verify your account.").waitFor();
    // Nobody is signed in by sign-up: the answer must not differ for an address that has an account.
    expect(await page.getByTestId("greeting").count()).toBe(0);
    await signInWithForm(page, email, "secret12");
    expect(await page.getByTestId("greeting").textContent()).toBe(`Hello, ${email}`);
    await (await openAccountMenu(page)).getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("link", { name: "Sign In", exact: true }).waitFor();
    expect(await page.getByTestId("greeting").count()).toBe(0);
  });

  it("refuses a wrong password with the generic message, then signs in and returns to where it started", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/catalog");
    await page.waitForURL(/\/auth\?redirectTo=%2Fcatalog/);
    await page.getByLabel("E-mail").fill("free@example.com");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByTestId("form-error").getByText("Invalid email or password").waitFor();
    expect(await page.getByLabel("Password").inputValue()).toBe("");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/catalog$/);
    await page.getByRole("heading", { name: "My Catalog" }).waitFor();
    await page.getByText("Signed in successfully!").waitFor();
    expect(await page.getByTestId("greeting").textContent()).toBe("Hello, free@example.com");
  });

  it("registers through both membership steps, with each validation message", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/membership");
    await page.getByTestId("plan-gold").click();
    await page.getByRole("button", { name: "Continue to Registration" }).click();
    await page.waitForURL(/step=details/);
    await page.getByRole("link", { name: "Change plan" }).click();
    await page.waitForURL((url) => !url.search.includes("step=details"));
    expect(await page.getByTestId("plan-gold").locator("input").isChecked()).toBe(true);
    await page.getByRole("button", { name: "Continue to Registration" }).click();
    await page.waitForURL(/step=details/);
    await scan(page);

    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByTestId("form-error").getByText("Please fill in all required fields").waitFor();

    await page.getByLabel("Full name").fill("Maria Member");
    await page.getByLabel("Company name").fill("Member Imports SRL");
    await page.getByLabel("Number of employees").selectOption("51-200");
    await page.getByLabel("Buyer").check();
    const email = uniqueEmail("member");
    await page.getByLabel("E-mail").fill(email);
    expect(await page.getByLabel("Country").inputValue()).toBe("Romania");
    await page.getByLabel("Password", { exact: true }).fill("12345");
    await page.getByLabel("Confirm password").fill("12345");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Password must be at least 6 characters long").waitFor();

    await page.getByLabel("Password", { exact: true }).fill("secret12");
    await page.getByLabel("Confirm password").fill("secret13");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Passwords do not match").waitFor();

    await page.getByLabel("Password", { exact: true }).fill("secret12");
    await page.getByLabel("Confirm password").fill("secret12");
    if (!javaScript) {
      // The server never sends entered values of other fields away: they come back filled in.
      expect(await page.getByLabel("Company name").inputValue()).toBe("Member Imports SRL");
    }
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByText("Account created successfully! Please check your email to verify your account.").waitFor();
    expect(await page.getByTestId("greeting").count()).toBe(0);
    await signInWithForm(page, email, "secret12");
    expect(await page.getByTestId("greeting").textContent()).toBe(`Hello, ${email}`);
  });

  it("opens the admin gate: a wrong password is denied and cleared, the right one lets in", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/");
    await page.getByTestId("admin-menu").locator("summary").click();
    await page.getByRole("link", { name: "Members & Upgrades" }).click();
    await page.getByRole("heading", { name: "Admin Access" }).waitFor();
    await scan(page);

    await page.getByLabel("Admin password").fill("wrong-password");
    await page.getByRole("button", { name: "Unlock" }).click();
    await page.getByText("Access Denied").waitFor();
    await page.getByText("Incorrect password").waitFor();
    expect(await page.getByLabel("Admin password").inputValue()).toBe("");

    await page.getByLabel("Admin password").fill(E2E_ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Unlock" }).click();
    await page.getByRole("heading", { name: "Members & Upgrades" }).waitFor();
    await page.getByText("Welcome, Administrator").waitFor();
    expect(await page.getByTestId("admin-mode").textContent()).toBe("Admin Mode");
    await scan(page);

    await page.getByTestId("admin-menu").locator("summary").click();
    await page.getByRole("button", { name: "Admin Logout" }).click();
    await page.getByText("Admin mode has ended.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.getByTestId("admin-mode").count()).toBe(0);
  });

  it("cancels the admin gate back to the home page", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/admin/login?redirectTo=%2Fadmin%2Fmembers");
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });
});
