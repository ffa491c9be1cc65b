// The Remix Vite plugin's options, kept apart so tools other than Vite can read them.
import type { UNSAFE_DefineRoutesFunction as DefineRoutes } from "@remix-run/dev";

export const remixOptions = {
  appDirectory: "app",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
  // Links across the product use /product/{id}; both shapes show the same module, so no route
  // file has to import another.
  routes: async (defineRoutes: DefineRoutes) =>
    defineRoutes((route) => route("/product/:id", "routes/products.$id.tsx", { id: "routes/product.$id" })),
};
