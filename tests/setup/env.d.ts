import type { D1Migration } from "cloudflare:test";

// The test configs' bindings, beside the Worker's own (worker-configuration.d.ts).
declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      BENCH_PRODUCTS: string;
      BENCH_IMPORT_ROWS: string;
      /** JSON: [{ file, loader, action }] for every file in app/routes (vitest.workers.config.ts). */
      TEST_ROUTE_FILES: string;
      BENCH_PAGE_VIEWS: string;
    }
  }
}
