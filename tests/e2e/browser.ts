import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium, request, type APIRequestContext, type Browser, type Page } from "playwright-core";
import { afterEach, expect, inject } from "vitest";
import { LOCAL_MAIL_LOG_PREFIX, type LocalEmail } from "~/lib/local-mail";
import { E2E_ADMIN_PASSWORD } from "./global-setup";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export const baseURL = () => inject("baseURL");

const javaScriptOff = new WeakSet<Page>();
interface Viewport {
  width: number;
  height: number;
}
const VIEWPORT: Viewport = { width: 1280, height: 720 };
/** A phone's window (an iPhone 14's CSS pixels), for `open({ viewport: PHONE })`. */
export const PHONE: Viewport = { width: 390, height: 844 };

/**
 * Waits until `read` (through a locator, which outlives a navigation, unlike a function evaluated
 * in the page) gives `expected`: a page without JavaScript is replaced by the form's answer.
 */
export const eventually = (read: () => Promise<unknown>, expected: unknown) => expect.poll(read, { timeout: 30_000 }).toBe(expected);

// One Chromium for the whole run (the e2e config shares one module graph across files), and
// pages that tests hand back for the next test. Starting a renderer for a fresh context cost
// about half a CPU-second here, most of the suite's time on two cores.
let launched: Promise<Browser> | null = null;
const idle = { on: [] as Page[], off: [] as Page[] };

function sharedBrowser() {
  // The global setup found the browser (scripts/find-chromium.mjs) and its flags; Playwright
  // closes it when the test process exits.
  launched ??= (() => {
    const { executablePath, args } = inject("chromium");
    return chromium.launch({ executablePath, args });
  })();
  return launched;
}

let visitors = 0;
/**
 * Each page's visitor comes from an address of its own, as the people of a journey do: the app's
 * limits per address (accounts, sign-ups, requests) count each of them, not the whole suite as one
 * client. Addresses of the IPv6 documentation prefix, sent as the header Cloudflare would set
 * (wrangler dev keeps a CF-Connecting-IP it is given); no traffic goes to them.
 */
const visitorHeaders = () => ({ "CF-Connecting-IP": `2001:db8:${(process.pid % 0xffff).toString(16)}::${(++visitors).toString(16)}` });

/**
 * A page as a new visitor has it: no cookies, a new address, the default window size, no
 * listeners or routes left by the test before. Its browser context keeps only the HTTP cache, as a
 * returning visitor's browser does (a file's first journeys still load everything afresh).
 */
async function take(javaScript: boolean, viewport: Viewport): Promise<Page> {
  const page = (javaScript ? idle.on : idle.off).pop();
  if (page && !page.isClosed()) {
    const context = page.context();
    await Promise.all([
      context.clearCookies(),
      context.setExtraHTTPHeaders(visitorHeaders()),
      page.unrouteAll({ behavior: "ignoreErrors" }),
      page.setViewportSize(viewport),
    ]);
    page.removeAllListeners();
    return page;
  }
  const context = await (
    await sharedBrowser()
  ).newContext({ baseURL: baseURL(), javaScriptEnabled: javaScript, locale: "en-US", viewport, extraHTTPHeaders: visitorHeaders() });
  const fresh = await context.newPage();
  if (!javaScript) javaScriptOff.add(fresh);
  return fresh;
}

/**
 * `open({ javaScript })` gives a page with JavaScript on or off, as a new visitor, in a desktop window
 * unless `viewport` says otherwise; it is handed back after the test.
 */
export function useBrowser() {
  const inUse: Page[] = [];
  afterEach(() => {
    for (const page of inUse.splice(0)) (javaScriptOff.has(page) ? idle.off : idle.on).push(page);
  });
  return {
    async open({ javaScript, viewport = VIEWPORT }: { javaScript: boolean; viewport?: Viewport }) {
      const page = await take(javaScript, viewport);
      inUse.push(page);
      return page;
    },
  };
}

/**
 * What makes pages "the same page" for the accessibility scan: the answer's status and the path
 * with numeric and uuid segments replaced, without the query. `/product/7?tab=x` and `/product/12`
 * are one page type; a 404 for `/product/987654` is another.
 */
function pageType(url: string, status = 200) {
  const { pathname } = new URL(url, "http://localhost");
  const path = pathname
    .split("/")
    .map((segment) =>
      /^\d+$/.test(segment) || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment) ? ":id" : segment,
    )
    .join("/");
  return `${status} ${path}`;
}

// Page types scanned in this run. The e2e config turns test-file isolation off, so this holds for the whole run.
const scanned = new Set<string>();

/**
 * Runs axe-core on the current page and fails on serious or critical findings. Injected by
 * evaluation (not a <script> tag) so the page's Content-Security-Policy stays as strict as in production.
 */
export async function expectAccessible(page: Page) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: { run: (o: unknown) => Promise<{ violations: { id: string; impact?: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe.run({
      resultTypes: ["violations"],
    });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
  expect(violations, `accessibility of ${page.url()}`).toEqual([]);
}

/**
 * Scans the page as it is now for accessibility problems, the first time its page type is seen
 * (a scan takes about a second); `{ again: true }` scans anyway, for a state that only an
 * interaction reaches. axe needs script execution, so pages with JavaScript off are not scanned:
 * the journeys with it off render the same server HTML.
 */
export async function scan(page: Page, { again = false, status = 200 }: { again?: boolean; status?: number } = {}) {
  if (javaScriptOff.has(page)) return;
  const type = pageType(page.url(), status);
  if (again || !scanned.has(type)) {
    await expectAccessible(page);
    scanned.add(type);
  }
}

/** Navigates, then scans the page if its type is new (see `scan`). */
export async function visit(page: Page, path: string, { scan: again = false }: { scan?: boolean } = {}) {
  const response = await page.goto(path);
  await scan(page, { again, status: response?.status() });
  return response;
}

/**
 * Signs the page's visitor in by posting the sign-in form's fields to its action (a real session,
 * real password check), without rendering the form: for journeys about something else. The form
 * itself is driven in accounts.test.ts, with JavaScript on and off.
 */
export async function signInAs(page: Page, email: string, password: string) {
  const response = await page.context().request.post("/auth", {
    form: { intent: "signin", email, password, redirectTo: "/" },
    headers: { Origin: baseURL() },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in as ${email}`).toBe(302);
}

/**
 * Creates a new member through the sign-up action (accounts.test.ts drives the form), with the
 * e-mail address verified through the link of the verification e-mail (unless `verify: false`), as
 * email.test.ts does it in the browser: requests, quotes, leads and posts need a verified address.
 * Sign-up signs nobody in, so the member then signs in with the password chosen.
 */
export async function signUpAs(
  page: Page,
  email: string,
  password: string,
  fullName: string,
  { verify = true, country }: { verify?: boolean; country?: string } = {},
) {
  const response = await page.context().request.post("/auth", {
    form: { intent: "signup", email, password, fullName, businessType: "Sell Only", ...(country ? { country } : {}) },
    headers: { Origin: baseURL() },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-up as ${email}`).toBe(302);
  if (verify) {
    const token = linkTokenIn(await mailTo(email, "Verify your e-mail address"), "/verify-email");
    const verified = await page.context().request.post("/verify-email", {
      form: { intent: "verify", token },
      headers: { Origin: baseURL() },
      maxRedirects: 0,
    });
    expect(verified.status(), `verify ${email}`).toBe(302);
  }
  await signInAs(page, email, password);
}

let adminApi: Promise<APIRequestContext> | null = null;

/** The admins' view of the outbox (the only place e-mail goes on this machine), as an API client. */
function outboxAdmin() {
  adminApi ??= (async () => {
    const api = await request.newContext({ baseURL: baseURL() });
    const unlocked = await api.post("/admin/login", {
      form: { password: E2E_ADMIN_PASSWORD, redirectTo: "/" },
      headers: { Origin: baseURL() },
      maxRedirects: 0,
    });
    expect(unlocked.status(), "admin gate").toBe(302);
    return api;
  })();
  return adminApi;
}

/** The subjects of the e-mails to `email` on the outbox's first page, newest first. */
export async function outboxSubjectsTo(email: string) {
  const list = await (await (await outboxAdmin()).get("/admin/outbox")).text();
  return list
    .split('data-testid="outbox-row"')
    .filter((chunk) => chunk.includes(`>${email}<`))
    .map((chunk) => chunk.match(/\/admin\/outbox\?id=[0-9a-f-]+[^>]*>([^<]+)</)?.[1] ?? "");
}

/** An e-mail as the local transport delivered it (the HTML part is not written to the log). */
export type DeliveredEmail = Omit<LocalEmail, "html" | "from">;

/**
 * The newest e-mail to `email` with `subject`, as its recipient gets it: read from the local
 * transport's lines in wrangler dev's output (app/lib/local-mail.ts). The sender runs after the
 * response, so it is waited for.
 */
export async function mailTo(email: string, subject: string): Promise<DeliveredEmail> {
  let found: DeliveredEmail | undefined;
  await expect
    .poll(
      () => {
        found = readFileSync(inject("mailLog"), "utf8")
          .split("\n")
          .filter((line) => line.startsWith(LOCAL_MAIL_LOG_PREFIX))
          .map((line) => JSON.parse(line.slice(LOCAL_MAIL_LOG_PREFIX.length)) as DeliveredEmail)
          .filter((mail) => mail.to === email && mail.subject === subject)
          .at(-1);
        return found;
      },
      { message: `an e-mail "${subject}" to ${email}`, timeout: 30_000 },
    )
    .toBeDefined();
  return found!;
}

/** The token of the e-mail's link to `path` (a path of the site). */
export function linkTokenIn(mail: DeliveredEmail, path: string) {
  const token = mail.text.match(new RegExp(`${baseURL()}${path.replace("/", "\\/")}\\?token=([A-Za-z0-9_-]{43})`))?.[1];
  expect(token, `the link of "${mail.subject}"`).toBeDefined();
  return token!;
}

/** Opens the header's account menu (My Catalog, My Requests, Settings, Sign Out) and gives it back. */
export async function openAccountMenu(page: Page) {
  const menu = page.getByTestId("account-menu");
  if ((await menu.getAttribute("open")) === null) await menu.locator("summary").click();
  return menu;
}

/** Enters admin mode the same way, through the admin gate's action (the gate's journeys drive its form). */
export async function unlockAdminMode(page: Page, password: string) {
  const response = await page.context().request.post("/admin/login", {
    form: { password, redirectTo: "/" },
    headers: { Origin: baseURL() },
    maxRedirects: 0,
  });
  expect(response.status(), "admin gate").toBe(302);
}
