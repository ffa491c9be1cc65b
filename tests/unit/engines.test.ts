import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

// npm warns of an installed package whose `engines` excludes the running Node, and such a package
// may break there: every installed package must accept the Node the tests run on, and the
// project's own `engines` must name only versions that every installed package accepts.

const manifest = (folder: string) => JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
const manifestLock = (): { packages: Record<string, { version?: string; optional?: boolean }> } =>
  JSON.parse(readFileSync("package-lock.json", "utf8"));

/** Every installed package's name, version and `engines.node`, nested ones included. */
function installedEngines(folder = "node_modules"): { name: string; node: string }[] {
  const found: { name: string; node: string }[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
    const path = join(folder, entry.name);
    if (entry.name.startsWith("@")) {
      found.push(...installedEngines(path));
      continue;
    }
    if (existsSync(join(path, "package.json"))) {
      const { name, version, engines } = manifest(path);
      if (typeof engines?.node === "string") found.push({ name: `${name}@${version}`, node: engines.node });
    }
    if (existsSync(join(path, "node_modules"))) found.push(...installedEngines(join(path, "node_modules")));
  }
  return found;
}

describe("the Node versions", () => {
  const packages = installedEngines();
  const ours: string = manifest(".").engines.node;

  it("the running Node is one the project names and every installed package accepts", () => {
    expect(semver.satisfies(process.version, ours), `${process.version} against ${ours}`).toBe(true);
    expect(packages.filter((p) => !semver.satisfies(process.version, p.node, { includePrerelease: true }))).toEqual([]);
  });

  it("every installed package accepts the lowest version of each major line the project names", () => {
    const lowest = ours.split("||").map((range) => semver.minVersion(range.trim())!.version);
    expect(lowest.length).toBeGreaterThan(1);
    // An optional package (a faster native build, say) is installed only where its engines fit, and
    // its parent works without it: Node 22.20+ gets @napi-rs/lzma's native build, Node 20 does not.
    const optional = new Set(
      Object.entries(manifestLock().packages)
        .filter(([, entry]) => entry.optional)
        .map(([path, entry]) => `${path.slice(path.lastIndexOf("node_modules/") + 13)}@${entry.version}`),
    );
    const refused = lowest.flatMap((version) =>
      packages
        .filter((p) => !optional.has(p.name) && !semver.satisfies(version, p.node))
        .map((p) => `${p.name} (${p.node}) refuses ${version}`),
    );
    expect(refused).toEqual([]);
  });
});
