import "./scripts/offline-env.mjs";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { labelFile, labelFiles } from "./app/lib/label-files";
import { getLoadContext } from "./load-context";
import { remixOptions } from "./remix.config";
import { serverRouterSource } from "./scripts/server-router.mjs";

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
        const [language, ...paths] = decodeURIComponent(request.url?.slice(1) ?? "")
          .replace(/\.json$/, "")
          .split("~");
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

/** The Worker's copy of @remix-run/router, with route matching's pure work kept (scripts/server-router.mjs). */
function serverRouter(): Plugin {
  return {
    name: "server-router",
    apply: "build",
    writeBundle(options) {
      if (this.environment.name !== "ssr") return;
      writeFileSync(`${options.dir}/router.cjs.js`, serverRouterSource());
    },
  };
}

export default defineConfig({
  plugins: [browserTranslator(), cloudflareDevProxyVitePlugin({ getLoadContext }), remix(remixOptions), tailwindcss(), serverRouter()],
  resolve: { alias: { "~": app, "#db": new URL("./db", import.meta.url).pathname } },
  server: { host: "127.0.0.1", port: Number(process.env.PORT ?? 5173) },
  build: { target: "es2022" },
  esbuild: { legalComments: "eof" },
  ssr: { resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] } },
});
