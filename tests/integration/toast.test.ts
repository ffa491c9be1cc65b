import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { redirectWithToast, type Toast } from "~/lib/toast.server";
import { fetchWorker } from "../support/worker";

const context = { env, local: true } as unknown as AppLoadContext;

/** The toast cookie ('toast=…') that a redirect with `toast` sets, signed with the context's secret. */
async function toastCookie(signer: AppLoadContext, toast: Toast) {
  return (await redirectWithToast(signer, "/", toast)).headers.get("Set-Cookie")!.split(";")[0];
}

describe("toasts", () => {
  it("travel in a flash cookie, show once in the page's language, then the cookie is cleared", async () => {
    const redirect = await redirectWithToast(context, "/", {
      type: "success",
      title: "notFound.title",
      description: "home.welcomeText",
      values: { count: 11 },
    });
    expect(redirect.status).toBe(302);
    const cookie = redirect.headers.get("Set-Cookie")!.split(";")[0];

    const page = await fetchWorker("http://localhost/?lng=fr", { headers: { Cookie: cookie } });
    const html = await page.text();
    expect(html).toContain('data-testid="toast"');
    expect(html).toContain("Oups"); // notFound.title in French
    expect(page.headers.getSetCookie().some((c) => c.startsWith("toast=;") || /^toast=[^;]*;.*Expires=Thu, 01 Jan 1970/.test(c))).toBe(
      true,
    );
  });

  it("refuses a forged toast cookie: the page renders as it would without one", async () => {
    // A toast names a label; 'Hacked' is none, so i18next would show it as it is.
    const forged: Toast = { type: "error", title: "Hacked" };
    const genuine = await toastCookie(context, { type: "success", title: "notFound.title" });
    const [payload, signature] = decodeURIComponent(genuine.slice("toast=".length)).split(".");
    // The genuine session's own shape with the forged toast in it.
    const session = JSON.parse(atob(payload)) as Record<string, unknown>;
    const altered = btoa(JSON.stringify(Object.fromEntries(Object.keys(session).map((key) => [key, forged]))));
    const anotherSecret = { env: { SESSION_SECRET: "guessed-secret" }, local: true } as unknown as AppLoadContext;
    const forgeries = {
      unsigned: `toast=${encodeURIComponent(altered)}`,
      "under the genuine signature": `toast=${encodeURIComponent(`${altered}.${signature}`)}`,
      "signed with another secret": await toastCookie(anotherSecret, forged),
    };
    for (const [forgery, cookie] of Object.entries(forgeries)) {
      const page = await fetchWorker("http://localhost/", { headers: { Cookie: cookie } });
      expect(page.status, forgery).toBe(200);
      const html = await page.text();
      expect(html, forgery).toMatch(/<title>Your Key To Global Trade/);
      expect(html, forgery).not.toContain('data-testid="toast"');
      expect(html, forgery).not.toContain("Hacked");
    }
  });
});
