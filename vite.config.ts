import "./scripts/offline-env.mjs";
import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { defineConfig, type Plugin } from "vite";
import { labelFile, labelFiles } from "./app/lib/label-files";
import { getLoadContext } from "./load-context";
import { remixOptions } from "./remix.config";

const app = new URL("./app", import.meta.url).pathname;

/**
 * In the browser, `react-i18next` and `remix-i18next/react` are our own small module, and the
 * locale files are split by top-level section so that a page fetches only the labels it shows:
 * i18next and a whole locale file were a quarter of the home page's JavaScript. The server keeps
 * the real modules to render the HTML that the browser's translator must then match
 * (docs/decisions/0011-browser-translator.md).
 */
function browserTranslator(): Plugin {
  const swapped = new Set(["react-i18next", "remix-i18next/react"]);
  const locales = Object.fromEntries(
    readdirSync(`${app}/locales`)
      .filter((name) => name.endsWith(".json"))
      .map((name) => [name.replace(/\.json$/, ""), JSON.parse(readFileSync(`${app}/locales/${name}`, "utf8"))]),
  );
  const files = labelFiles(locales, "en", handleLabelGroups());
  const hash = createHash("sha256").update(JSON.stringify(locales)).digest("hex").slice(0, 10);
  const path = `/assets/labels/${hash}/`;
  return {
    name: "browser-translator",
    enforce: "pre",
    config: () => ({ define: { __LABELS__: JSON.stringify({ path, sections: Object.keys(locales.en) }) } }),
    resolveId(id, _importer, options) {
      if (swapped.has(id) && !options?.ssr) return `${app}/lib/react-i18n-browser.tsx`;
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      for (const [name, file] of files) this.emitFile({ type: "asset", fileName: `${path.slice(1)}${name}`, source: JSON.stringify(file) });
    },
    configureServer(server) {
      // Made on request, so that a handle edited while the dev server runs gets its file.
      server.middlewares.use(path, (request, response, next) => {
        const [language, ...paths] = decodeURIComponent(request.url?.slice(1) ?? "").replace(/\.json$/, "").split("~");
        const file = labelFile(locales, "en", language, paths.length > 0 ? paths : undefined);
        if (!file) return next();
        response.setHeader("Content-Type", "application/json");
        response.end(JSON.stringify(file));
      });
    },
  };
}

/** The labels that root.tsx and each route list in `handle = { labels: [...] }` (app/lib/labels.ts). */
function handleLabelGroups(): string[][] {
  const modules = [`${app}/root.tsx`, ...readdirSync(`${app}/routes`).map((name) => `${app}/routes/${name}`)];
  return modules.flatMap((module) => {
    const list = readFileSync(module, "utf8").match(/export const handle\b[^=]*=\s*\{\s*labels:\s*\[([^\]]*)\]/)?.[1];
    return list === undefined ? [] : [[...list.matchAll(/"([^"]+)"/g)].map((m) => m[1])];
  });
}

/**
 * The Worker's copy of @remix-run/router (wrangler.toml's [alias] points the Worker at it): the
 * package's own file, with the pure part of route matching kept between calls. A page request
 * matched paths about five times, each time flattening and ranking every route and compiling each
 * route tried into a new RegExp: a quarter of a product page's CPU. Kept: each route pattern's
 * compiled form, and for each routes array its ranked branches and its last 1,000 paths' matches,
 * handed out as copies (the server never adds routes to an array; the browser does, through lazy
 * route discovery, and keeps the unchanged package). docs/decisions/0012-members-pages.md.
 */
function serverRouter(): Plugin {
  const source = createRequire(import.meta.url).resolve("@remix-run/router"); // dist/router.cjs.js
  const edits: [string, string][] = [
    [
      "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n  let matches = null;\n  let decoded = decodePath(pathname);\n",
      `  let known = keptRoutes.get(routes);
  if (!known) {
    let ranked = flattenRoutes(routes);
    rankRouteBranches(ranked);
    known = { branches: ranked, matches: new Map() };
    keptRoutes.set(routes, known);
  }
  let branches = known.branches;
  let matches = null;
  let decoded = decodePath(pathname);
  let matchKey = decoded + "\\u0000" + (allowPartial === true);
  if (known.matches.has(matchKey)) return copyOfMatches(known.matches.get(matchKey));
`,
    ],
    [
      "    matches = matchRouteBranch(branches[i], decoded, allowPartial);\n  }\n  return matches;\n}\n",
      `    matches = matchRouteBranch(branches[i], decoded, allowPartial);
  }
  if (known.matches.size >= 1000) known.matches.clear();
  known.matches.set(matchKey, matches);
  return copyOfMatches(matches);
}
// A kept answer as a new one: its own match objects, sharing one params object as matchRouteBranch's do.
function copyOfMatches(matches) {
  if (!matches) return null;
  let params = Object.assign({}, matches[0] && matches[0].params);
  return matches.map(match => Object.assign({}, match, { params }));
}
`,
    ],
    [
      "function compilePath(path, caseSensitive, end) {\n",
      `const keptRoutes = new WeakMap();
const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  const key = path + "\\u0000" + caseSensitive + "\\u0000" + end;
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    if (compiledPaths.size >= 1000) compiledPaths.clear();
    compiled = compilePathOnce(path, caseSensitive, end);
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathOnce(path, caseSensitive, end) {\n`,
    ],
    ["//# sourceMappingURL=router.cjs.js.map", ""],
  ];
  return {
    name: "server-router",
    apply: "build",
    writeBundle(options) {
      if (this.environment.name !== "ssr") return;
      let code = readFileSync(source, "utf8");
      for (const [from, to] of edits) {
        if (code.split(from).length !== 2) throw new Error(`server-router: ${source} has changed; look again at the edits in vite.config.ts`);
        code = code.replace(from, () => to);
      }
      writeFileSync(`${options.dir}/router.cjs.js`, code);
    },
  };
}

export default defineConfig({
  plugins: [
    browserTranslator(),
    cloudflareDevProxyVitePlugin({ getLoadContext }),
    remix(remixOptions),
    tailwindcss(),
    serverRouter(),
  ],
  resolve: { alias: { "~": app, "#db": new URL("./db", import.meta.url).pathname } },
  server: { host: "127.0.0.1", port: Number(process.env.PORT ?? 5173) },
  build: { target: "es2022" },
  esbuild: { legalComments: "eof" },
  ssr: { resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] } },
});
