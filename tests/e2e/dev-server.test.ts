import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

// `npm run dev` (the Vite dev server) and `npm start` (the built Worker under wrangler dev) run one
// request pipeline (app/entry.worker.ts): a page comes with the same security headers from both,
// and both refuse a cross-origin form post.

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

const SECURITY_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "permissions-policy",
  "cross-origin-opener-policy",
];

let devURL = "";
let stop = () => {};

beforeAll(async () => {
  const port = await freePort();
  // A copy of the journeys' data: two runtimes writing one SQLite file lock each other out.
  const state = mkdtempSync(join(tmpdir(), "marketplace-dev-"));
  cpSync(inject("state"), state, { recursive: true });
  const dev = spawn(process.execPath, ["node_modules/@remix-run/dev/dist/cli.js", "vite:dev", "--port", String(port), "--strictPort"], {
    env: { ...process.env, DEV_PERSIST_TO: state },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  stop = () => {
    if (dev.pid) process.kill(-dev.pid, "SIGTERM");
    rmSync(state, { recursive: true, force: true });
  };
  devURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (dev.exitCode !== null) throw new Error(`the dev server exited with ${dev.exitCode}`);
    try {
      // The first page compiles the app's modules.
      if ((await fetch(`${devURL}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the dev server did not start within 60 s");
    await new Promise((r) => setTimeout(r, 250));
  }
}, 90_000);

afterAll(() => stop());

/** The security headers of an answer, with the per-request nonce masked. */
const securityHeadersOf = (response: Response) =>
  Object.fromEntries(SECURITY_HEADERS.map((name) => [name, response.headers.get(name)?.replace(/'nonce-[^']+'/, "'nonce-…'") ?? null]));

describe("npm run dev and npm start", () => {
  for (const path of ["/", "/products", "/auth", "/no/such/page"]) {
    it(`answer ${path} with the same security headers`, async () => {
      const [dev, built] = await Promise.all([fetch(`${devURL}${path}`), fetch(`${inject("baseURL")}${path}`)]);
      expect(dev.status, (await dev.clone().text()).slice(0, 500)).toBe(built.status);
      const headers = securityHeadersOf(dev);
      expect(headers["content-security-policy"]).toContain("'nonce-…'");
      expect(headers).toEqual(securityHeadersOf(built));
    });
  }

  it("refuse a cross-origin form post", async () => {
    for (const base of [devURL, inject("baseURL")]) {
      const response = await fetch(`${base}/auth`, {
        method: "POST",
        headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
        body: "email=a%40b.co&password=secret",
        redirect: "manual",
      });
      expect(response.status, base).toBe(403);
    }
  });
});
