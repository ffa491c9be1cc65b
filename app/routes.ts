import { flatRoutes } from "@remix-run/fs-routes";
import { route, type RouteConfig } from "@remix-run/route-config";

export default [
  ...(await flatRoutes()),
  // Links across the product use /product/{id}; both shapes show the same module.
  route("/product/:id", "routes/products.$id.tsx", { id: "routes/product.$id" }),
] satisfies RouteConfig;
