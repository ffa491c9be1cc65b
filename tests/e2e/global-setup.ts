import "../../scripts/offline-env.mjs";
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { prepareE2EState } from "../../scripts/e2e-state.mjs";
import { findChromium } from "../../scripts/find-chromium.mjs";

export const E2E_ADMIN_PASSWORD = "e2e-admin-password";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The local state folder the app serves (`--persist-to`). */
    state: string;
    /** wrangler dev's output, where the local transport writes each e-mail it delivers (app/lib/local-mail.ts). */
    mailLog: string;
    chromium: { executablePath: string; args: string[] };
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
  // Found once here, so a missing browser fails the run before the server starts, in one line.
  const chromium = await findChromium().catch((error: Error) => {
    throw Object.assign(new Error(error.message), { stack: error.message });
  });
  project.provide("chromium", { executablePath: chromium.executablePath, args: chromium.args });

  // `npm test` prepares the state while it builds; it owns and removes that folder.
  const prepared = process.env.E2E_STATE;
  const state = prepared || (await prepareE2EState());
  const persist = ["--persist-to", state];

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // E-mail goes to the local transport, which writes each message to the Worker's output: kept
  // in a file that the journeys read their links from (tests/e2e/browser.ts).
  const logs = mkdtempSync(join(tmpdir(), "marketplace-e2e-log-"));
  const mailLog = join(logs, "wrangler.log");
  const output = openSync(mailLog, "a");
  // wrangler dev also opens a devtools port, 9229 unless told: a second wrangler dev on the
  // machine (npm start, another checkout's tests) would make this one exit.
  const inspectorPort = await freePort();
  const server = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      ...persist,
      "--show-interactive-dev-session=false",
      "--var",
      "SESSION_SECRET:e2e-session-secret",
      "--var",
      `ADMIN_PASSWORD:${E2E_ADMIN_PASSWORD}`,
      // Links in e-mails lead to this server.
      "--var",
      `SITE_URL:${baseURL}`,
    ],
    { stdio: ["ignore", output, "inherit"], detached: true },
  );
  closeSync(output);
  await waitFor(`${baseURL}/favicon.svg`, server);
  project.provide("baseURL", baseURL);
  project.provide("state", state);
  project.provide("mailLog", mailLog);

  return () => {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
    if (!prepared) rmSync(state, { recursive: true, force: true });
    rmSync(logs, { recursive: true, force: true });
  };
}
