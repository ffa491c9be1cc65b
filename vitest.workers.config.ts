import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

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
          TEST_MIGRATIONS: await readD1Migrations("./db/migrations"),
        },
      },
    })),
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname, "#db": new URL("./db", import.meta.url).pathname } },
  ssr: { optimizeDeps: { include: ["@remix-run/cloudflare"] } },
  test: {
    include: ["tests/integration/**/*.test.ts"],
    setupFiles: ["./tests/setup/apply-migrations.ts"],
    deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime", "cookie", "set-cookie-parser"] } } },
  },
});
