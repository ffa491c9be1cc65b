import { defineConfig } from "vitest/config";

// End-to-end journeys: the built Worker under `wrangler dev` with fresh local state, driven
// by Debian's Chromium through playwright-core.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["./tests/e2e/global-setup.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
