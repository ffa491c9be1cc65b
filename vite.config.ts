import "./scripts/offline-env.mjs";
import { vitePlugin as remix } from "@remix-run/dev";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { remixOptions } from "./remix.config";

const app = new URL("./app", import.meta.url).pathname;

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
        vite.middlewares.use((req, res, next) => {
          const answer = async () => {
            const [build, worker] = await Promise.all([
              vite.ssrLoadModule("virtual:remix/server-build"),
              vite.ssrLoadModule("/app/entry.worker.ts"),
            ]);
            const handler = worker.createWorker(build, "development");
            // Links in e-mails lead to SITE_URL: here, this dev server (wrangler.toml names `npm start`'s).
            const env = { ...platform.env, SITE_URL: vite.resolvedUrls?.local[0] ?? platform.env.SITE_URL };
            await sendResponse(res, await handler.fetch(createRequest(req, res), env, platform.ctx));
          };
          answer().catch(next);
        });
      };
    },
  };
}

export default defineConfig({
  plugins: [workerPipeline(), remix(remixOptions), tailwindcss()],
  resolve: { alias: { "~": app } },
  server: { host: "127.0.0.1", port: Number(process.env.PORT ?? 5173) },
  build: { target: "es2022" },
  esbuild: { legalComments: "eof" },
  ssr: { resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] } },
});
