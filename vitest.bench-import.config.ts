import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// `npm run bench:import`: the leads import at 10,000 and 50,000 rows, inside workerd against the
// built Worker with a throw-away local D1 and R2 (build first: `npm run build`).
export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      main: "./server.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          SESSION_SECRET: "bench-session-secret",
          ADMIN_PASSWORD: "bench-admin-password",
          BENCH_IMPORT_ROWS: process.env.BENCH_IMPORT_ROWS ?? "10000,50000",
          TEST_MIGRATIONS: await readD1Migrations("./db/migrations"),
        },
      },
    })),
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  ssr: { optimizeDeps: { include: ["@remix-run/cloudflare"] } },
  test: {
    include: ["tests/bench/leads-import.bench-test.ts"],
    setupFiles: ["./tests/setup/apply-migrations.ts"],
    testTimeout: 900_000,
    deps: {
      optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime", "cookie", "set-cookie-parser"] } },
    },
  },
});
