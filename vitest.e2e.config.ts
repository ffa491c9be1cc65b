import { defineConfig } from "vitest/config";

// End-to-end journeys: the built Worker under `wrangler dev` with fresh local state, driven
// through playwright-core by the Chromium that scripts/find-chromium.mjs finds.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["./tests/e2e/global-setup.ts"],
    environment: "node",
    fileParallelism: false,
    // One module graph for every file: the journeys share one server anyway, and the accessibility
    // scan (tests/e2e/browser.ts) remembers the page types it has scanned across files.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
