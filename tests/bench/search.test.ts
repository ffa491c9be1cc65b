// `npm run bench:search`: runs inside workerd against its own throw-away local D1, so the wall
// times are what a Worker sees. Not part of `npm test` (it takes a few minutes).
import { env } from "cloudflare:test";
import { it } from "vitest";
import { generateProducts, measureQueries } from "./search-bench";

it("search, category and home queries at scale", async () => {
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);
  await generateProducts(env.DB, Number(env.BENCH_PRODUCTS), log);
  await measureQueries(env.DB, log);
  console.log(lines.join("\n"));
});
