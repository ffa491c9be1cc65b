import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/seed/data";
import { scan, unlockAdminMode, useBrowser, visit } from "./browser";
import { E2E_ADMIN_PASSWORD } from "./global-setup";

const browser = useBrowser();
// Headless Chromium names itself in its user agent, and bots are not counted as visitors.
const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** Visits an admin screen as a visitor: the gate comes first, then the screen. */
async function unlock(page: Page, path: string) {
  await visit(page, path);
  await page.getByRole("heading", { name: "Admin Access" }).waitFor();
  await page.getByLabel("Admin password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Unlock" }).click();
  await page.getByText("Welcome, Administrator").waitFor();
}

/** Opens an admin screen in admin mode, entered through the gate's action (the first journey drives the gate's form). */
async function asAdmin(page: Page, path: string) {
  await unlockAdminMode(page, E2E_ADMIN_PASSWORD);
  await visit(page, path);
  await page.getByText("Welcome, Administrator").waitFor();
}

async function cardValue(page: Page, testId: string) {
  return Number((await page.getByTestId(`${testId}-value`).textContent())!.replace(/[^\d]/g, ""));
}

describe.each([true, false])("admin content tools with JavaScript %s", (javaScript) => {
  const tag = javaScript ? "JS" : "noJS";

  it("the gate: Cancel goes home; the password opens the CMS; Sign Out returns to the gate", async () => {
    const page = await browser.open({ javaScript });
    await visit(page, "/cms");
    await page.getByRole("heading", { name: "Admin Access" }).waitFor();
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await unlock(page, "/cms");
    await page.getByRole("heading", { level: 1, name: "Content Management System" }).waitFor();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("heading", { name: "Admin Access" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/login");
  });

  it("edits the hero and sees it on the home page", async () => {
    const page = await browser.open({ javaScript });
    await asAdmin(page, "/cms");
    const hero = page.getByTestId("cms-section").filter({ has: page.getByRole("heading", { name: "hero", exact: true }) });
    await hero.getByRole("link", { name: "Edit" }).click();
    await hero.getByTestId("section-editor").waitFor();
    await scan(page, { again: true });
    await hero.getByLabel("Image URL").fill("javascript:alert(1)");
    await hero.getByRole("button", { name: "Save" }).click();
    await page.getByText("The image URL must start with http:// or https://").waitFor();
    const title = `Trade with confidence ${tag}`;
    await hero.getByLabel("Title", { exact: true }).fill(title);
    await hero.getByLabel("Image URL").fill("/images/hero.svg");
    await hero.getByRole("button", { name: "Save" }).click();
    await page.getByText("The content was saved.").waitFor();

    const visitor = await browser.open({ javaScript });
    await visit(visitor, "/");
    await visitor.getByRole("heading", { level: 1, name: title }).waitFor();

    // Put the seeded title back for the other journeys.
    await visit(page, "/cms?edit=hero");
    await hero.getByLabel("Title", { exact: true }).fill("Your Key To Global Trade");
    await hero.getByRole("button", { name: "Save" }).click();
    await page.getByText("The content was saved.").waitFor();
  });

  it("translates the hero into Chinese; the Chinese home page shows it, with English where a field is left empty", async () => {
    const page = await browser.open({ javaScript });
    await asAdmin(page, "/cms");
    await page.getByTestId("content-language").getByRole("link", { name: "中文" }).click();
    await page.getByText("You are editing the 中文 version.").waitFor();
    const hero = page.getByTestId("cms-section").filter({ has: page.getByRole("heading", { name: "hero", exact: true }) });
    await hero.getByText("开启全球贸易之门").waitFor();
    await hero.getByRole("link", { name: "Edit" }).click();
    const editor = hero.getByTestId("translation-editor");
    await editor.waitFor();
    await scan(page, { again: true });
    await editor.getByText("English: Your Key To Global Trade").waitFor();
    expect(await editor.getByLabel("Title", { exact: true }).inputValue()).toBe("开启全球贸易之门");

    const title = `全球贸易从这里开始 ${tag}`;
    await editor.getByLabel("Title", { exact: true }).fill(title);
    await editor.getByLabel("Subtitle").fill("");
    await editor.getByRole("button", { name: "Save" }).click();
    await page.getByText("The 中文 version was saved.").waitFor();
    expect(new URL(page.url()).search).toBe("?language=zh");
    // The editor sees which field falls back to English.
    await hero.getByTestId("english-fallback").getByText("English shown").waitFor();

    const visitor = await browser.open({ javaScript });
    await visit(visitor, "/?lng=zh");
    await visitor.getByRole("heading", { level: 1, name: title }).waitFor();
    await visitor.getByText("Connect with over 11 million importers and exporters").waitFor();
    await visitor.getByRole("link", { name: "成为买家" }).first().waitFor();
    await visit(visitor, "/?lng=en");
    await visitor.getByRole("heading", { level: 1, name: "Your Key To Global Trade" }).waitFor();

    // Put the seeded Chinese hero back for the other journeys.
    await visit(page, "/cms?language=zh&edit=hero");
    await editor.getByLabel("Title", { exact: true }).fill("开启全球贸易之门");
    await editor.getByLabel("Subtitle").fill("与超过 1100 万进口商和出口商建立联系");
    await editor.getByRole("button", { name: "Save" }).click();
    await page.getByText("The 中文 version was saved.").waitFor();
  });

  it("creates a draft and a published post; the draft is for admins only, the published one is on the blog", async () => {
    const page = await browser.open({ javaScript });
    await asAdmin(page, "/cms");
    // The tabs are links to routes of their own.
    await page.getByRole("navigation", { name: "CMS sections" }).getByRole("link", { name: "Blog Posts" }).click();
    await page.waitForURL((url) => url.pathname === "/cms/blog");
    await page.getByRole("heading", { name: "Create New Blog Post" }).waitFor();
    await scan(page, { again: true });
    const form = page.getByTestId("create-post");
    expect(await form.getByLabel("Author").inputValue()).toBe("Admin");
    expect(await form.getByLabel("Read Time").inputValue()).toBe("5");

    const draftTitle = `Draft about freight ${tag} ${Date.now()}`;
    await form.getByLabel("Title", { exact: true }).fill(draftTitle);
    await form.getByLabel("Excerpt").fill("Not ready yet");
    await form.getByRole("button", { name: "Create Blog Post" }).click();
    await page.getByText("The blog post was saved as a draft.").waitFor();
    const draft = page.getByTestId("cms-post").filter({ hasText: draftTitle });
    await draft.getByText("Draft", { exact: true }).waitFor();
    await draft.getByText("By Admin • 5 min read").waitFor();

    const publishedTitle = `Incoterms for beginners ${tag} ${Date.now()}`;
    const fresh = page.getByTestId("create-post");
    await fresh.getByLabel("Title", { exact: true }).fill(publishedTitle);
    await fresh.getByLabel("Excerpt").fill("Who pays for what");
    await fresh.getByLabel("Content").fill("FOB and CIF explained.\n\nA second paragraph.");
    await fresh.getByLabel("Category").fill("Logistics");
    await fresh.getByLabel("Publish immediately").check();
    await fresh.getByRole("button", { name: "Create Blog Post" }).click();
    await page.getByText("The blog post is published.").waitFor();
    const published = page.getByTestId("cms-post").filter({ hasText: publishedTitle });
    await published.getByText("Published", { exact: true }).waitFor();

    await published.getByRole("link", { name: "View" }).click();
    await page.getByRole("heading", { level: 1, name: publishedTitle }).waitFor();
    await page.getByText("A second paragraph.").waitFor();
    await scan(page);
    const publishedPath = new URL(page.url()).pathname;

    await visit(page, "/cms/blog");
    await page.getByTestId("cms-post").filter({ hasText: draftTitle }).getByRole("link", { name: "View" }).click();
    await page.getByTestId("draft-notice").waitFor();
    const draftPath = new URL(page.url()).pathname;

    const visitor = await browser.open({ javaScript });
    await visit(visitor, "/blog");
    await visitor.getByRole("link", { name: new RegExp(publishedTitle) }).click();
    await visitor.waitForURL((url) => url.pathname === publishedPath);
    await visitor.getByRole("heading", { level: 1, name: publishedTitle }).waitFor();
    expect((await visitor.goto(draftPath))?.status()).toBe(404);
    await visitor.getByText("Oops! Page not found").waitFor();

    // Delete the draft, with its confirmation step.
    await visit(page, "/cms/blog");
    const doomed = page.getByTestId("cms-post").filter({ hasText: draftTitle });
    await doomed.getByRole("link", { name: "Delete" }).click();
    await doomed.getByText("Are you sure you want to delete this blog post?").waitFor();
    await doomed.getByRole("button", { name: "Yes, delete" }).click();
    await page.getByText("The blog post was deleted.").waitFor();
    expect(await page.getByTestId("cms-post").filter({ hasText: draftTitle }).count()).toBe(0);
  });

  it("translates a news article from the News Articles tab; the French article shows it", async () => {
    const page = await browser.open({ javaScript });
    await asAdmin(page, "/cms/news");
    await page.getByRole("heading", { name: "News Articles", level: 2 }).waitFor();
    await page.getByTestId("content-language").getByRole("link", { name: "Français" }).click();
    await page.waitForURL((url) => url.pathname === "/cms/news" && url.searchParams.get("language") === "fr");
    await page.getByTestId("cms-news").first().getByRole("link", { name: "Edit" }).click();
    const editor = page.getByTestId("translation-editor");
    await editor.waitFor();
    await scan(page, { again: true });
    // The English original under each field.
    await editor.getByText("English:").first().waitFor();
    const title = `Nouvelles du fret ${tag} ${Date.now()}`;
    await editor.getByLabel("Title", { exact: true }).fill(title);
    await editor.getByRole("button", { name: "Save" }).click();
    await page.getByText("The Français version was saved.").waitFor();
    const translated = page.getByTestId("cms-news").filter({ hasText: title });
    await translated.getByRole("link", { name: "View" }).click();
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
  });

  it("closes a buyer's request; the buyer sees it closed", async () => {
    const buyer = await browser.open({ javaScript });
    await visit(buyer, "/auth");
    await buyer.getByLabel("E-mail").fill("professional@example.com");
    await buyer.getByLabel("Password").fill(DEMO_PASSWORD);
    await buyer.getByRole("button", { name: "Sign In" }).click();
    await buyer.getByTestId("greeting").waitFor();
    const message = `Quote for 12 pallets ${tag} ${Date.now()}`;
    await visit(buyer, "/request-quote/3");
    await buyer.getByLabel("Quantity").fill("12");
    await buyer.getByLabel("Message").fill(message);
    await buyer.getByRole("button", { name: "Send Request" }).click();
    await buyer.getByRole("heading", { name: "Request sent" }).waitFor();

    const admin = await browser.open({ javaScript });
    await asAdmin(admin, "/admin/requests?status=new");
    await admin.getByRole("heading", { level: 1, name: "Requests for Quotation" }).waitFor();
    await scan(admin);
    const card = admin.getByTestId("admin-request").filter({ hasText: message });
    await card.getByText("Priya Professional").waitFor();
    await card.getByLabel("Status").selectOption("closed");
    await card.getByRole("button", { name: "Update status" }).click();
    await admin.getByText("The request's status was updated.").waitFor();
    expect(await admin.getByTestId("admin-request").filter({ hasText: message }).count()).toBe(0);
    await admin.getByRole("link", { name: "Closed" }).click();
    await admin.getByTestId("admin-request").filter({ hasText: message }).getByTestId("request-status").getByText("Closed").waitFor();

    await visit(buyer, "/requests");
    await buyer.getByTestId("my-request").filter({ hasText: message }).getByTestId("request-status").getByText("Closed").waitFor();
  });

  it("sees the analytics move after visiting pages; the ranges are links", async () => {
    const admin = await browser.open({ javaScript });
    await asAdmin(admin, "/analytics?range=24h");
    await admin.getByRole("heading", { level: 1, name: "Website Analytics Dashboard" }).waitFor();
    await scan(admin);
    const before = await cardValue(admin, "page-views");

    const visitor = await browser.open({ javaScript });
    await visitor.context().setExtraHTTPHeaders({ "User-Agent": DESKTOP_UA });
    for (const path of ["/", "/products", "/blog"]) await visit(visitor, path);

    let after = before;
    for (let i = 0; i < 20 && after < before + 3; i++) {
      await admin.waitForTimeout(250);
      await admin.reload();
      after = await cardValue(admin, "page-views");
    }
    expect(after).toBeGreaterThanOrEqual(before + 3);
    expect(await cardValue(admin, "realtime")).toBeGreaterThanOrEqual(1);
    await admin.getByTestId("top-pages").getByText("/products").waitFor();

    await admin.getByRole("link", { name: "7d" }).click();
    await admin.waitForURL(/range=7d/);
    await admin.locator('a[aria-current="page"]', { hasText: "7d" }).waitFor();
    expect(await cardValue(admin, "page-views")).toBeGreaterThanOrEqual(after);
  });
});
