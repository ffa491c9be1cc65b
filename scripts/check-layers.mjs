// Fails when an import runs the wrong way between the app's layers (part of `npm test`).
//   app/lib        leaves: imports only app/lib (and the locale files)
//   app/models     data and rules: app/lib, app/models, db/
//   app/services   flows that need the request: app/lib, app/models, app/services, db/
//   app/components app/lib, app/components (types included: what a component shows is described in lib)
//   app/routes     anything below them, never another route (nor root.tsx)
// Nothing below a route imports a route or a component.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const app = join(root, "app");

const layerOf = (file) => {
  const path = relative(root, file);
  if (path.startsWith("app/lib/")) return "lib";
  if (path.startsWith("app/models/")) return "models";
  if (path.startsWith("app/services/")) return "services";
  if (path.startsWith("app/components/")) return "components";
  if (path.startsWith("app/routes/") || path === "app/root.tsx" || path.startsWith("app/entry.")) return "routes";
  if (path.startsWith("app/locales/")) return "locales";
  if (path.startsWith("db/")) return "db";
  return "outside";
};

const ALLOWED = {
  lib: ["lib", "locales"],
  models: ["lib", "models", "db"],
  services: ["lib", "models", "services", "db"],
  components: ["lib", "components"],
  routes: ["lib", "models", "services", "components", "db", "locales"],
};

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|js|mjs)$/.test(name)) yield path;
  }
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?["']([^"']+)["']/gm;

function resolveSpecifier(file, specifier) {
  if (specifier.startsWith("~/")) return join(app, specifier.slice(2));
  if (specifier.startsWith(".")) return resolve(dirname(file), specifier);
  return null; // a package
}

const problems = [];
let checked = 0;
for (const file of sourceFiles(app)) {
  const from = layerOf(file);
  const source = readFileSync(file, "utf8");
  for (const match of source.matchAll(IMPORT)) {
    const [, , , specifier] = match;
    const target = resolveSpecifier(file, specifier.replace(/\?.*$/, ""));
    if (!target) continue;
    checked++;
    const to = layerOf(target);
    if (to === "outside" && relative(root, target).startsWith("app/")) continue; // app/tailwind.css and the like
    if (!ALLOWED[from]?.includes(to)) {
      problems.push(`${relative(root, file)}: imports ${specifier} (${from} → ${to})`);
    }
  }
}

if (problems.length) {
  console.error(`Imports that run the wrong way between layers (see scripts/check-layers.mjs):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`layers: ${checked} imports checked, all run one way`);
