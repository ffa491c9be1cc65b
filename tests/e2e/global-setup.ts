import "../../scripts/offline-env.mjs";
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

export const E2E_ADMIN_PASSWORD = "e2e-admin-password";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

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

async function waitFor(url: string, server: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The app did not answer at ${url} within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  const state = mkdtempSync(join(tmpdir(), "marketplace-e2e-"));
  const persist = ["--persist-to", state];
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", ...persist], { stdio: "ignore" });
  execFileSync("npx", ["tsx", "db/seed/run.ts", ...persist], { stdio: "ignore" });

  const port = await freePort();
  const server = spawn(
    "npx",
    [
      "wrangler", "dev", "--ip", "127.0.0.1", "--port", String(port), ...persist,
      "--show-interactive-dev-session=false",
      "--var", "SESSION_SECRET:e2e-session-secret",
      "--var", `ADMIN_PASSWORD:${E2E_ADMIN_PASSWORD}`,
    ],
    { stdio: ["ignore", "ignore", "inherit"], detached: true },
  );
  const baseURL = `http://127.0.0.1:${port}`;
  await waitFor(`${baseURL}/favicon.svg`, server);
  project.provide("baseURL", baseURL);

  return () => {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
    rmSync(state, { recursive: true, force: true });
  };
}
