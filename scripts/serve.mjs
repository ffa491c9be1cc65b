// Serves the built app with wrangler dev (workerd, local D1 and R2) and says how to use it.
import "./offline-env.mjs";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

const port = process.env.PORT ?? "8787";
const adminPassword = readFileSync(".dev.vars", "utf8").match(/ADMIN_PASSWORD="([^"]*)"/)?.[1];

// Links in e-mails lead to SITE_URL: here, this server (wrangler.toml's value names port 8787).
const siteUrl = `http://127.0.0.1:${port}`;
const args = ["dev", "--ip", "127.0.0.1", "--port", port, "--show-interactive-dev-session=false", "--var", `SITE_URL:${siteUrl}`];
const server = spawn("npx", ["wrangler", ...args], {
  stdio: ["inherit", "pipe", "inherit"],
});
let announced = false;
server.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  if (!announced && String(chunk).includes("Ready on")) {
    announced = true;
    console.log(`
  Trade marketplace: ${siteUrl}
  E-mail goes nowhere: each message is printed here ("local e-mail: …"), links and all.

  Demo accounts (password TradeDemo2026):
    free@example.com · premium@example.com · professional@example.com
    enterprise@example.com · admin@example.com
  Local admin password (Admin menu): ${adminPassword}
`);
  }
});
server.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
