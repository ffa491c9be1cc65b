import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// zod must be configured jitless before any schema is built (app/lib/zod-config.ts). The browser
// entry no longer imports zod, so each module that reaches the browser and uses zod does it first.

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

const firstImport = (source: string) => source.match(/^import\s+[^;]*?["']([^"']+)["']/m)?.[1];
const usesZod = (source: string) => /^import\s+(?!type\b)[^;]*from\s+["'](zod|@conform-to\/zod[^"']*)["']/m.test(source);

describe("zod's jitless option", () => {
  it("is set first thing by the server entry", () => {
    expect(firstImport(readFileSync("app/entry.server.tsx", "utf8"))).toBe("~/lib/zod-config");
  });

  it("is set first thing by every browser module that uses zod", () => {
    const browserModules = [...sources("app/lib"), ...sources("app/components")].filter(
      (file) => !/\.server\.tsx?$|zod-config\.ts$/.test(file),
    );
    const using = browserModules.filter((file) => usesZod(readFileSync(file, "utf8")));
    expect(using.length).toBeGreaterThan(0);
    for (const file of using) expect(firstImport(readFileSync(file, "utf8")), file).toBe("~/lib/zod-config");
  });
});
