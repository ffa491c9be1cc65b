import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/seed/data";
import { baseURL, mailTo, openAccountMenu, outboxSubjectsTo, scan, signInAs, unlockAdminMode, useBrowser, visit } from "./browser";
import { E2E_ADMIN_PASSWORD } from "./global-setup";

// What brings a member back: a saved search (a trade alert) whose e-mail lists a product added
// after it was saved, read as the local transport delivered it and where admins read every
// message (/admin/outbox, tokens masked); and
// the settings that decide which e-mails come, and how. Demo accounts (verified, the supplier with
// a company) keep the run's sign-ups under the per-address limit.

const browser = useBrowser();
let counter = 0;
const tag = () => `${Date.now().toString(36)}${++counter}`;

describe.each([true, false])("trade alerts and settings with JavaScript %s", (javaScript) => {
  it("saves a search; a product added afterwards is in the alert's e-mail, whose link leads to it", async () => {
    const [member, supplier, admin] = [
      await browser.open({ javaScript }),
      await browser.open({ javaScript }),
      await browser.open({ javaScript }),
    ];
    await unlockAdminMode(admin, E2E_ADMIN_PASSWORD);
    const word = `zirconia${tag()}`;
    await signInAs(member, "free@example.com", DEMO_PASSWORD);
    await visit(member, `/products?search=${word}`);
    await member.getByTestId("found-count").getByText("Found 0 products").waitFor();
    await member.getByRole("button", { name: "Save this search" }).click();
    await member.getByText("Once a day we will e-mail you what is new in it.").waitFor();
    await member
      .getByTestId("alert")
      .filter({ hasText: `“${word}”` })
      .waitFor();
    await scan(member);

    // A supplier lists a product that matches, after the search was saved.
    await signInAs(supplier, "supplier07@example.com", DEMO_PASSWORD);
    const request = supplier.context().request;
    const headers = { Origin: baseURL() };
    await visit(supplier, "/catalog");
    const companyPath = await supplier
      .getByTestId("catalog-card")
      .first()
      .getByRole("link", { name: "View company page" })
      .getAttribute("href");
    const title = `${word} grinding balls`;
    const added = await request.post(`/catalog/${companyPath!.split("/").pop()}/products/new`, {
      multipart: { title, category: "Industrial", "tiers[0].price": "30", currency: "USD" },
      headers,
      maxRedirects: 0,
    });
    expect(added.status()).toBe(302);

    // What the ten-minute cron runs, on demand: the alert is read and its e-mail sent.
    await visit(admin, "/admin/outbox");
    await admin.getByRole("button", { name: "Send due e-mails now" }).click();
    await admin.getByText("Due e-mails were sent and the scheduled work ran.").waitFor();
    await admin
      .getByRole("link", { name: `New for your saved search: “${word}”` })
      .first()
      .click();
    expect(await admin.getByTestId("outbox-text").textContent()).toContain(title);
    expect(await admin.getByTestId("outbox-headers").textContent()).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    // The member's copy, as the local transport delivered it: the unsubscribe link signed.
    const mail = await mailTo("free@example.com", `New for your saved search: “${word}”`);
    const text = mail.text;
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const productLink = text.match(new RegExp(`${title}: (\\S+)`))![1];
    await visit(member, new URL(productLink).pathname);
    await member.getByRole("heading", { level: 1, name: title }).waitFor();

    // The e-mail's unsubscribe link pauses the alert, without signing in.
    const unsubscribe = text.match(/Unsubscribe from these e-mails: (\S+)/)![1];
    const stranger = await browser.open({ javaScript });
    const link = new URL(unsubscribe);
    expect(link.pathname).toBe("/unsubscribe"); // the token rides in the query, which the logs leave out
    await visit(stranger, link.pathname + link.search);
    await stranger.getByText("Stop these e-mails: this trade alert (it will be paused).").waitFor();
    await stranger.getByRole("button", { name: "Unsubscribe" }).click();
    await stranger.getByText("Done: you will not receive these e-mails any more.").waitFor();
    await visit(member, "/alerts");
    await member
      .getByTestId("alert")
      .filter({ hasText: `“${word}”` })
      .getByText("Paused")
      .waitFor();
  });

  it("chooses how each notification comes by e-mail, and saves trade-lead alerts by type and category", async () => {
    const member = await browser.open({ javaScript });
    await signInAs(member, "enterprise@example.com", DEMO_PASSWORD);
    await visit(member, "/");
    await (await openAccountMenu(member)).getByRole("link", { name: "Settings" }).click();
    await member.getByRole("heading", { level: 1, name: "Account settings" }).waitFor();
    await scan(member);
    await member.getByLabel("Mobile number").fill("+44 20 7946 0000");
    await member.getByRole("button", { name: "Save details" }).click();
    await member.getByText("Your details are saved.").waitFor();
    expect(await member.getByLabel("Mobile number").inputValue()).toBe("+44 20 7946 0000");

    // A new password needs the current one; a new address gets its link before it counts.
    const passwordForm = member.locator("form").filter({ has: member.getByRole("button", { name: "Change password" }) });
    await passwordForm.getByLabel("Current password").fill("not-my-password");
    await passwordForm.getByLabel("New password", { exact: true }).fill("brand-new-secret-9");
    await passwordForm.getByLabel("Repeat the new password").fill("brand-new-secret-9");
    await passwordForm.getByRole("button", { name: "Change password" }).click();
    await member.getByText("That is not your current password.").waitFor();
    const moving = `moving-${Date.now()}-${javaScript}@example.com`;
    const emailForm = member.locator("form").filter({ has: member.getByRole("button", { name: "Send the confirmation link" }) });
    await emailForm.getByLabel("New e-mail address").fill(moving);
    await emailForm.getByLabel("Current password").fill(DEMO_PASSWORD);
    await emailForm.getByRole("button", { name: "Send the confirmation link" }).click();
    await member.getByText("We sent a link to your new address. Open it to confirm the change.").waitFor();
    expect(await member.getByTestId("current-email").textContent()).toContain("enterprise@example.com");
    expect(await outboxSubjectsTo(moving)).toContain("Confirm your new e-mail address");

    await member.getByRole("link", { name: "E-mail notifications" }).click();
    await scan(member);
    const forum = member.getByRole("group", { name: "Replies to your forum topics" });
    await forum.getByLabel("Off").check();
    await member.getByRole("button", { name: "Save settings" }).click();
    await member.getByText("Your notification settings are saved.").waitFor();
    expect(await member.getByRole("group", { name: "Replies to your forum topics" }).getByLabel("Off").isChecked()).toBe(true);
    expect(await member.getByRole("group", { name: "New requests for quotation" }).getByLabel("At once").isChecked()).toBe(true);

    await visit(member, "/trade-leads?tab=buy");
    await member.getByLabel("Alert me of new leads in").selectOption({ label: "Agriculture" });
    await member.getByRole("button", { name: "Save this search" }).click();
    const alert = member.getByTestId("alert").filter({ hasText: "Buy requests · category Agriculture" });
    await alert.waitFor();
    await alert.getByRole("button", { name: "Pause" }).click();
    await member.getByText("The alert is paused.").waitFor();
    await alert.getByText("Paused").waitFor();
    await alert.getByRole("button", { name: "Resume" }).click();
    await member.getByText("The alert is on again.").waitFor();
    await alert.getByRole("button", { name: "Delete" }).click();
    await member.getByText("The alert is deleted.").waitFor();
    expect(await alert.count()).toBe(0);
  });
});
