import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/seed/data";
import { scan, signInAs, useBrowser, visit } from "./browser";
import { E2E_ADMIN_PASSWORD } from "./global-setup";

const browser = useBrowser();

/** Signs in through the sign-in action (accounts.test.ts drives the form) and opens the page. */
async function signIn(page: Page, email: string, path: string) {
  await signInAs(page, email, DEMO_PASSWORD);
  await visit(page, path);
  await page.getByTestId("greeting").waitFor();
}

/** The number beside the Messages button (none shown means 0). */
async function unreadCount(page: Page) {
  const badge = page.getByTestId("unread-count");
  return (await badge.count()) ? Number((await badge.textContent())?.match(/\d+/)?.[0]) : 0;
}

describe.each([true, false])("the trade forum with JavaScript %s", (javaScript) => {
  const tag = `${javaScript ? "JS" : "noJS"} ${Date.now()}`;

  it("a premium member creates a topic, replies, and messages a paid member who reads it", async () => {
    const page = await browser.open({ javaScript });
    await signIn(page, "premium@example.com", "/forum");
    await page.getByRole("heading", { level: 1, name: "Trade Forum" }).waitFor();
    await page.getByTestId("forum-badge").getByText("Premium Member").waitFor();
    await scan(page);

    await page.getByRole("link", { name: "Market Insights" }).click();
    await page.getByRole("heading", { name: "Market Insights" }).waitFor();
    await scan(page);
    await page.getByRole("button", { name: "Create Topic" }).click();
    await page.getByText("Please fill in both title and content.").waitFor();
    const title = `Cocoa prices outlook ${tag}`;
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Content").fill("What do you expect for Q1?\nWe buy 20 tons a month.");
    await page.getByRole("button", { name: "Create Topic" }).click();
    await page.getByText("Topic created successfully!").waitFor();
    await page.getByRole("heading", { name: title }).waitFor();
    await page.getByText("We buy 20 tons a month.").waitFor();
    await scan(page);

    await page.getByRole("button", { name: "Post Reply" }).click();
    await page.getByText("Please enter a reply.").waitFor();
    await page.getByLabel("Your reply").fill(`Adding details ${tag}`);
    await page.getByRole("button", { name: "Post Reply" }).click();
    await page.getByText("Reply posted successfully!").waitFor();
    await page
      .getByTestId("reply")
      .filter({ hasText: `Adding details ${tag}` })
      .getByText("Paolo Premium")
      .waitFor();
    await page.getByRole("heading", { name: "Replies: 1" }).waitFor();
    expect(await page.getByLabel("Your reply").inputValue()).toBe("");

    await page.getByTestId("back-link").click();
    await page.getByTestId("topic-row").filter({ hasText: title }).getByText("Replies: 1").waitFor();
    await page.getByTestId("back-link").click();
    await page.getByRole("heading", { name: "Categories" }).waitFor();

    await page.getByRole("link", { name: "Messages" }).click();
    await page.getByRole("heading", { name: "Private Messages" }).waitFor();
    await scan(page);
    await page.getByRole("link", { name: "New Message" }).click();
    await page.getByRole("heading", { name: "New Message" }).waitFor();
    await scan(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Please select a valid recipient.").waitFor();
    await page.getByLabel("Recipient").selectOption({ label: "Priya Professional (Pro Exports Pvt Ltd)" });
    const subject = `Cocoa samples ${tag}`;
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Message", { exact: true }).fill("Could you send samples?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Message sent successfully!").waitFor();
    await page.getByTestId("message-row").filter({ hasText: subject }).waitFor();

    const reader = await browser.open({ javaScript });
    await signIn(reader, "professional@example.com", "/forum");
    await reader.getByTestId("unread-count").waitFor();
    const unreadBefore = await unreadCount(reader);
    await reader.getByRole("link", { name: /^Messages/ }).click();
    const row = reader.getByTestId("message-row").filter({ hasText: subject });
    expect(await row.getAttribute("data-unread")).toBe("true");
    await row.getByRole("link", { name: subject }).click();
    await reader.getByText("Could you send samples?").waitFor();
    // The message names its sender and its receiver (issue 24, item 1: the reader was shown as both).
    const header = reader.locator("dl").filter({ hasText: "From:" });
    expect((await header.textContent())!.replace(/\s+/g, " ")).toContain("From: Paolo Premium · Premium Imports Srl");
    expect((await header.textContent())!.replace(/\s+/g, " ")).toContain("To: Priya Professional · Pro Exports Pvt Ltd");
    await scan(reader);
    await reader.getByRole("link", { name: "Reply" }).click();
    expect(await reader.getByLabel("Subject").inputValue()).toBe(`Re: ${subject}`);
    await reader.getByTestId("back-link").click();
    await reader.getByRole("heading", { name: "Private Messages" }).waitFor();
    expect(await reader.getByTestId("message-row").filter({ hasText: subject }).getAttribute("data-unread")).toBeNull();
    expect(await unreadCount(reader)).toBe(unreadBefore - 1);
  });

  it("a free member sees the upgrade screen, with no forum content", async () => {
    const page = await browser.open({ javaScript });
    await signIn(page, "free@example.com", "/forum");
    await page.getByRole("heading", { name: "Trade Forum Access" }).waitFor();
    await page.getByText("Current Status: Free membership").waitFor();
    expect(await page.getByText("General Trade Discussion").count()).toBe(0);
    await scan(page);
    await page.getByRole("link", { name: "Upgrade to Premium" }).click();
    await page.waitForURL(/\/membership/);
  });

  it("an admin in test mode posts as the Premium Test User and locks a topic", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/forum");
    await page.getByRole("heading", { name: "Trade Forum Access" }).waitFor();
    await page.getByRole("link", { name: "Admin Access" }).click();
    await page.getByLabel("Admin password").fill(E2E_ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Unlock" }).click();
    await page.getByTestId("forum-badge").getByText("Admin Test Mode").waitFor();

    await page.getByRole("link", { name: "Logistics & Shipping" }).click();
    const title = `Port congestion update ${tag}`;
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Content").fill("Testing the forum as an administrator.");
    await page.getByRole("button", { name: "Create Topic" }).click();
    await page.getByText("Topic created successfully!").waitFor();
    await page.getByRole("heading", { name: title }).waitFor();
    await page.getByText("Premium Test User").first().waitFor();
    await page.getByTestId("admin-debug").getByText("isLocked:").waitFor();
    await scan(page);

    await page.getByRole("button", { name: "Lock topic" }).click();
    await page.getByText("The topic is now locked.").waitFor();
    await page.getByText("This topic is locked and no longer accepts new replies.").waitFor();
    expect(await page.getByLabel("Your reply").count()).toBe(0);
    expect(await page.getByTestId("admin-debug").textContent()).toContain("isLocked: true");
    await page.getByRole("button", { name: "Unlock topic" }).waitFor();
  });
});
