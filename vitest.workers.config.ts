import { readdirSync, readFileSync } from "node:fs";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

/**
 * Every route file with whether it exports a loader and an action, for the authorization matrix
 * (tests/security/authorization.test.ts), which fails when a route has no row.
 */
function routeFiles() {
  return readdirSync("./app/routes")
    .filter((file) => /\.(tsx?|jsx?)$/.test(file))
    .sort()
    .map((file) => {
      const source = readFileSync(`./app/routes/${file}`, "utf8");
      const exported = (name: string) =>
        new RegExp(`export\\s+(?:async\\s+)?(?:function|const|let)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b`).test(source);
      return { file, loader: exported("loader"), action: exported("action") };
    });
}

// Integration tests run inside workerd with real (local, per-test-file) D1 and R2.
export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      main: "./server.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          SESSION_SECRET: "test-session-secret",
          ADMIN_PASSWORD: "test-admin-password",
          // Not the address the tests' requests come to (http://localhost): every link in an
          // e-mail must lead to SITE_URL, whatever Host a request names.
          SITE_URL: "http://marketplace.localhost",
          TEST_MIGRATIONS: await readD1Migrations("./db/migrations"),
          TEST_ROUTE_FILES: JSON.stringify(routeFiles()),
        },
      },
    })),
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  ssr: { optimizeDeps: { include: ["@remix-run/cloudflare"] } },
  test: {
    include: ["tests/integration/**/*.test.ts", "tests/security/**/*.test.ts"],
    setupFiles: ["./tests/setup/apply-migrations.ts"],
    // Each e-mail the local transport delivers is a log line (app/lib/local-mail.ts); the tests
    // read the transport's mailbox instead.
    onConsoleLog: (log) => (log.startsWith("local e-mail: ") ? false : undefined),
    // One workerd for every file, one file at a time: starting workerd afresh per file cost about
    // 3 s a file. The setup file gives each file an empty, freshly migrated database and empty buckets.
    isolate: false,
    fileParallelism: false,
    // A limit for a test that hangs, not a measure of speed. npm test runs these files as two workerd
    // processes beside the journeys (wrangler dev and Chromium) on two cores that other work shares,
    // so a test gets a fraction of a core: under a load average of 13 here, 72 tests took over 1 s
    // and the longest without a limit of its own 3.7 s; the heaviest derive 20 password keys (PBKDF2
    // at 100,000 iterations, about 40 ms of a core each, one after another in the one isolate).
    // vitest's default of 5 s assumes a core to itself.
    testTimeout: 30_000,
    deps: {
      optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime", "cookie", "set-cookie-parser"] } },
    },
  },
});
