import "./scripts/offline-env.mjs";
import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { getLoadContext } from "./load-context";
import { remixOptions } from "./remix.config";

export default defineConfig({
  plugins: [
    cloudflareDevProxyVitePlugin({ getLoadContext }),
    remix(remixOptions),
    tailwindcss(),
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname, "#db": new URL("./db", import.meta.url).pathname } },
  server: { host: "127.0.0.1", port: Number(process.env.PORT ?? 5173) },
  build: { target: "es2022" },
  ssr: { resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] } },
});
