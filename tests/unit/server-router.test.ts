import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as original from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { serverRouterSource } from "../../scripts/server-router.mjs";

// The Worker's copy of the router, loaded as the Worker loads it: the package's file with the edits.
const file = join(mkdtempSync(join(tmpdir(), "server-router-")), "router.cjs.js");
writeFileSync(file, serverRouterSource());
const kept: typeof original = createRequire(import.meta.url)(file);

type Route = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Router = typeof original;
/** matchRoutes of either router, for a tree of plain route objects. */
const match = (router: Router, tree: Route[], path: string, basename?: string) =>
  router.matchRoutes(tree as original.AgnosticRouteObject[], path, basename);

/** A tree like the app's, built afresh on every call as Remix builds its routes for every request. */
function routes({ ids = true, extra = false } = {}): Route[] {
  const id = (name: string) => (ids ? { id: name } : {});
  return [
    {
      ...id("root"),
      path: "",
      children: [
        { ...id("routes/_index"), index: true },
        { ...id("routes/products"), path: "products" },
        { ...id("routes/product.$id"), path: "product/:id" },
        { ...id("routes/blog.$slug"), path: "blog/:slug", caseSensitive: true },
        { ...id("routes/($lang).about"), path: ":lang?/about" },
        {
          ...id("routes/account"),
          path: "account",
          children: [
            { ...id("routes/account._index"), index: true },
            { ...id("routes/account.leads"), path: "leads" },
          ],
        },
        ...(extra ? [{ ...id("routes/extra"), path: "extra" }] : []),
        { ...id("routes/$"), path: "*" },
      ],
    },
  ];
}

const PATHS = [
  "/",
  "/products",
  "/product/1",
  "/product/2/",
  "/blog/Hello",
  "/BLOG/Hello",
  "/about",
  "/fr/about",
  "/account",
  "/account/leads",
  "/extra",
  "/nowhere/at/all",
  "/product/%E2%9C%93",
];

/** What matters of a match, with the route by id (objects differ between arrays). */
const plain = (matches: ReturnType<typeof original.matchRoutes>) =>
  matches?.map((m) => ({ params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase, route: m.route.id ?? m.route.path }));

describe("the Worker's copy of the router", () => {
  it("matches every path as the package does, asked again and again with fresh and kept arrays", () => {
    const shapes = [{}, { extra: true }, { ids: false }];
    const same = shapes.map((options) => routes(options));
    for (let round = 0; round < 3; round++) {
      for (const [i, options] of shapes.entries()) {
        for (const path of PATHS) {
          // The second round asks about one array again; the others about new arrays.
          const tree = round === 1 ? same[i] : routes(options);
          expect(plain(match(kept, tree, path))).toEqual(plain(match(original, routes(options), path)));
          expect(plain(match(kept, tree, `/base${path}`, "/base"))).toEqual(
            plain(match(original, routes(options), `/base${path}`, "/base")),
          );
        }
      }
    }
  });

  it("hands out the routes of the array it was asked about, never those of an earlier array of the same shape", () => {
    const first = routes();
    const second = routes();
    match(kept, first, "/account/leads");
    const matches = match(kept, second, "/account/leads")!;
    expect(matches.map((m) => m.route)).toEqual([second[0], second[0].children![5], second[0].children![5].children![1]]);
    expect(matches[0].route).toBe(second[0]);
    expect(matches[2].route).toBe(second[0].children![5].children![1]);
  });

  it("does not share what it knows between trees of different shapes", () => {
    expect(match(kept, routes(), "/extra")!.at(-1)!.route.id).toBe("routes/$");
    expect(match(kept, routes({ extra: true }), "/extra")!.at(-1)!.route.id).toBe("routes/extra");
    // The same ids with a path changed: a different shape.
    const moved = routes();
    moved[0].children![2].path = "item/:id";
    expect(match(kept, moved, "/product/1")!.at(-1)!.route.id).toBe("routes/$");
    expect(match(kept, moved, "/item/1")!.at(-1)!.params).toEqual({ id: "1" });
  });

  it("gives each caller its own matches: changing one answer changes no later one", () => {
    const first = match(kept, routes(), "/product/7")!;
    (first[1].params as Record<string, string>).id = "changed"; // read-only in the types, not at run time
    first[1].pathname = "/changed";
    const again = match(kept, routes(), "/product/7")!;
    expect(again[1].params).toEqual({ id: "7" });
    expect(again[1].pathname).toBe("/product/7");
    // One params object per answer, as the package gives.
    expect(again[0].params).toBe(again[1].params);
  });
});
