// `npm run bench:analytics`: inside workerd against its own throw-away local D1, so the wall
// times are what a Worker sees. Not part of `npm test` (it takes a few minutes).
import { env } from "cloudflare:test";
import { it } from "vitest";
import { generatePageViews, measureDashboard } from "./analytics-bench";

it("analytics dashboard at 1,000,000 page views", async () => {
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);
  const now = Date.now();
  await generatePageViews(env.DB, Number(env.BENCH_PAGE_VIEWS ?? "1000000"), now, log);
  await measureDashboard(env.DB, now, log);
  console.log(lines.join("\n"));
});
