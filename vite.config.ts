import "./scripts/offline-env.mjs";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { vitePlugin as remix } from "@remix-run/dev";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { labelFile, labelFiles } from "./app/lib/label-files";
import type { Env } from "./db/client";
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

/**
 * `npm run dev`: every request that Vite does not answer itself (its modules, the client's files)
 * goes through the Worker's own pipeline (app/entry.worker.ts) with the bindings wrangler gives a
 * local Worker, as under `npm start`: cross-origin refusal, security headers, D1 sessions, the
 * edge cache and page views included.
 */
function workerPipeline(): Plugin {
  return {
    name: "worker-pipeline",
    async configureServer(vite) {
      const { getPlatformProxy } = await import("wrangler");
      // DEV_PERSIST_TO names another state folder, as `wrangler dev --persist-to` does (the tests use it).
      const state = process.env.DEV_PERSIST_TO;
      const platform = await getPlatformProxy<Env>({ persist: state ? { path: `${state}/v3` } : true });
      // workerd gives a Worker the Cache API as a global; Node has none.
      (globalThis as { caches?: unknown }).caches ??= platform.caches;
      return () => {
        vite.middlewares.use(async (req, res, next) => {
          try {
            const [build, worker] = await Promise.all([
              vite.ssrLoadModule("virtual:remix/server-build"),
              vite.ssrLoadModule("/app/entry.worker.ts"),
            ]);
            const handler = worker.createWorker(build, "development");
            await sendResponse(res, await handler.fetch(createRequest(req, res), platform.env, platform.ctx));
          } catch (error) {
            next(error);
          }
        });
      };
    },
  };
}

export default defineConfig({
  plugins: [browserTranslator(), workerPipeline(), remix(remixOptions), tailwindcss()],
  resolve: { alias: { "~": app, "#db": new URL("./db", import.meta.url).pathname } },
  server: { host: "127.0.0.1", port: Number(process.env.PORT ?? 5173) },
  build: { target: "es2022" },
  esbuild: { legalComments: "eof" },
  ssr: { resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] } },
});
