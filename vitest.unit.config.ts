import { defineConfig } from "vitest/config";

// Pure functions under plain Node: no workerd, no build, a few seconds.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    // npm test runs these beside the build and the typecheck on two cores: on a busy machine a
    // CSV test that takes half a second alone went past vitest's default 5 s there.
    testTimeout: 30_000,
  },
});
