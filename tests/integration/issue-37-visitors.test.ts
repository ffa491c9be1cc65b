// Issue 37, items 5, 8 and 9: what visitors can make the site do to others. One describe per item,
// numbered as the issue numbers them; each sends what the probe sent.
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { cookiesFrom, db, post } from "../support/factories";

const address = () => `198.51.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;
const from = (ip: string) => ({ "CF-Connecting-IP": ip });
const statuses = (responses: Response[]) => responses.map((r) => r.status);
const tally = (list: number[], status: number) => list.filter((s) => s === status).length;

beforeEach(async () => {
  await db.delete(schema.rateLimits);
});

describe("9. nobody can close the admin gate to its owner", () => {
  const gate = (password: string, ip: string, cookie?: string) => post("/admin/login", { password, redirectTo: "/" }, cookie, from(ip));
  /** The device cookie a response sets (the browser keeps it; the session is not needed). */
  const deviceFrom = (response: Response) =>
    cookiesFrom(response)
      .split("; ")
      .filter((c) => c.startsWith("device="))
      .join("; ");

  it("lets the browser that unlocked the gate before in after 70 failures from rotating addresses", async () => {
    const first = await gate(env.ADMIN_PASSWORD, address());
    expect(first.status).toBe(302);
    const device = deviceFrom(first);

    const failures = statuses(await Promise.all(Array.from({ length: 70 }, () => gate("wrong", address()))));
    expect(tally(failures, 401)).toBe(50);
    expect(tally(failures, 429)).toBe(20);
    // The gate is closed to strangers, even with the right password...
    expect((await gate(env.ADMIN_PASSWORD, address())).status).toBe(429);
    // ...but not to its owner's browser, from any address.
    const owner = await gate(env.ADMIN_PASSWORD, address(), device);
    expect(owner.status).toBe(302);
    expect(owner.headers.get("Location")).toBe("/");
    const admin = await post("/admin/outbox", { intent: "sendDue" }, cookiesFrom(owner), from(address()));
    expect(admin.headers.get("Location")).toBe("/admin/outbox");
  });

  it("gives that browser a budget of its own: 10 wrong passwords of 40 in parallel are checked", async () => {
    const device = deviceFrom(await gate(env.ADMIN_PASSWORD, address()));
    const answers = statuses(await Promise.all(Array.from({ length: 40 }, () => gate("wrong", address(), device))));
    expect(tally(answers, 401)).toBe(10);
    expect(tally(answers, 429)).toBe(30);
    // A stranger's gate stays open: the device's failures were its own.
    expect((await gate(env.ADMIN_PASSWORD, address())).status).toBe(302);
  });
});
