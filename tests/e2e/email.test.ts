import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, mailTo, scan, signUpAs, unlockAdminMode, useBrowser, visit } from "./browser";
import { E2E_ADMIN_PASSWORD } from "./global-setup";

// E-mail as people meet it: the verification link from the sign-up e-mail, and a forgotten password
// reset from its e-mail, as the local transport delivered them (the recipient's copy); admins read
// the same messages at /admin/outbox with the links' tokens masked.

const browser = useBrowser();
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

/**
 * The link in the newest e-mail to `email`, as its recipient gets it; the admin sees the same
 * message in the outbox, its link's token masked.
 */
async function linkFromMail(admin: Page, email: string, subject: string) {
  const text = (await mailTo(email, subject)).text;
  const link = text.match(/https?:\/\/\S+\?token=[A-Za-z0-9_-]{43}/)![0];
  expect(link.startsWith(`${baseURL()}/`)).toBe(true);
  await visit(admin, "/admin/outbox");
  await admin.getByTestId("outbox-row").filter({ hasText: email }).getByRole("link", { name: subject }).first().click();
  const shown = (await admin.getByTestId("outbox-text").textContent())!;
  expect(shown).toContain("?token=[hidden]");
  expect(shown).not.toContain(new URL(link).searchParams.get("token"));
  return new URL(link).pathname + new URL(link).search;
}

describe.each([true, false])("e-mail with JavaScript %s", (javaScript) => {
  it("signs up, reads the verification e-mail, opens its link, signs in, and no banner asks", async () => {
    const [member, admin] = [await browser.open({ javaScript }), await browser.open({ javaScript })];
    await unlockAdminMode(admin, E2E_ADMIN_PASSWORD);
    const email = uniqueEmail("verify");
    await visit(member, "/auth?mode=signup");
    await member.getByLabel("E-mail").fill(email);
    await member.getByLabel("Password").fill("secret12");
    await member.getByLabel("Full name").fill("Vera Verify");
    await member.getByRole("button", { name: "Create Account" }).click();
    await member.getByText("Account created successfully! Please check your email to verify your account.").waitFor();
    expect(await member.getByTestId("greeting").count()).toBe(0);

    const link = await linkFromMail(admin, email, "Verify your e-mail address");
    await scan(admin);
    // What the crons run, on demand.
    await admin.getByRole("button", { name: "Send due e-mails now" }).click();
    await admin.getByText("Due e-mails were sent and the scheduled work ran.").waitFor();
    await visit(member, link);
    await member.getByRole("heading", { level: 1, name: "Verify your e-mail address" }).waitFor();
    await member.getByRole("button", { name: "Verify my e-mail" }).click();
    await member.getByText("Thank you: your e-mail address is verified.").waitFor();
    // Signed out, the new member lands on the sign-in form.
    await member.getByRole("heading", { name: "Welcome Back" }).waitFor();
    await member.getByLabel("E-mail").fill(email);
    await member.getByLabel("Password").fill("secret12");
    await member.getByRole("button", { name: "Sign In" }).click();
    await member.getByTestId("greeting").waitFor();
    expect(await member.getByTestId("verify-banner").count()).toBe(0);
  });

  it("resets a forgotten password from its e-mail; the old session is signed out", async () => {
    const [elsewhere, member, admin] = [
      await browser.open({ javaScript }),
      await browser.open({ javaScript }),
      await browser.open({ javaScript }),
    ];
    await unlockAdminMode(admin, E2E_ADMIN_PASSWORD);
    const email = uniqueEmail("reset");
    // The account, signed in on another device.
    await signUpAs(elsewhere, email, "old-secret-1", "Rita Reset");
    await visit(elsewhere, "/");
    await elsewhere.getByTestId("greeting").waitFor();

    await visit(member, "/auth");
    await member.getByRole("link", { name: "Forgot your password?" }).click();
    await member.getByRole("heading", { level: 1, name: "Reset your password" }).waitFor();
    await scan(member);
    await member.getByLabel("E-mail").fill(email);
    await member.getByRole("button", { name: "Send Reset Link" }).click();
    await member
      .getByText("If an account exists for that address, we have sent it a link to reset the password.", { exact: false })
      .waitFor();

    const link = await linkFromMail(admin, email, "Reset your password");
    await visit(member, link);
    await member.getByLabel("New password", { exact: true }).fill("new-secret-2");
    await member.getByLabel("Repeat the new password").fill("new-secret-2");
    await member.getByRole("button", { name: "Set New Password" }).click();
    await member.getByText("Sign in with your new password.", { exact: false }).waitFor();
    await member.getByLabel("E-mail").fill(email);
    await member.getByLabel("Password").fill("new-secret-2");
    await member.getByRole("button", { name: "Sign In" }).click();
    await member.getByTestId("greeting").waitFor();

    // The other device was signed out.
    await visit(elsewhere, "/");
    await elsewhere.getByRole("link", { name: "Sign In", exact: true }).waitFor();
    expect(await elsewhere.getByTestId("greeting").count()).toBe(0);
  });
});
