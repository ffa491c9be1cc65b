import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// The benchmarks (search, analytics), inside workerd with a fresh local D1 that has the project's migrations.
export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      miniflare: {
        compatibilityDate: "2025-09-01",
        compatibilityFlags: ["nodejs_compat"],
        d1Databases: ["DB"],
        bindings: {
          BENCH_PRODUCTS: process.env.BENCH_PRODUCTS ?? "1000000",
          BENCH_PAGE_VIEWS: process.env.BENCH_PAGE_VIEWS ?? "1000000",
          TEST_MIGRATIONS: await readD1Migrations("./db/migrations"),
        },
      },
    })),
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  // As in vitest.workers.config.ts: the setup file imports the Worker (its content version), which
  // imports Remix's CommonJS packages.
  ssr: { optimizeDeps: { include: ["@remix-run/cloudflare"] } },
  test: {
    deps: {
      optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime", "cookie", "set-cookie-parser"] } },
    },
    include: ["tests/bench/**/*.test.ts"],
    setupFiles: ["./tests/setup/apply-migrations.ts"],
    testTimeout: 900_000,
    hookTimeout: 120_000,
  },
});
