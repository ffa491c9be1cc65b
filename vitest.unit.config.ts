import { defineConfig } from "vitest/config";

// Pure functions under plain Node: no workerd, no build, a few seconds.
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname, "#db": new URL("./db", import.meta.url).pathname } },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
  },
});
