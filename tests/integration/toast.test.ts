import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { redirectWithToast } from "~/lib/toast.server";
import { fetchWorker } from "../support/worker";

const context = { env, local: true } as unknown as AppLoadContext;

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

  it("refuses a forged toast cookie", async () => {
    const page = await fetchWorker("http://localhost/", { headers: { Cookie: "toast=eyJ0b2FzdCI6eyJ0aXRsZSI6IkhhY2tlZCJ9fQ%3D%3D" } });
    expect(await page.text()).not.toContain('data-testid="toast"');
  });
});
