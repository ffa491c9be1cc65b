// The Worker's copy of @remix-run/router: the package's own file with the pure part of route
// matching kept between calls (vite.config.ts's serverRouter plugin writes it into the build;
// wrangler.toml's [alias] points the Worker at it). Why: docs/decisions/0012-members-pages.md.
//
// A page request matched paths about five times, each time flattening and ranking every route and
// compiling each route tried into a new RegExp. Remix and React Router build new route arrays for
// every request (the static router's data routes), all of one shape. Kept:
// - each route pattern's compiled form;
// - for each shape of routes (ids, paths, index and case flags, nesting), its ranked branches and
//   its last 1,000 paths' matches, handed out as copies whose routes are those of the array asked.
// Arrays whose routes lack unique ids are kept by identity instead. The server never adds routes
// to an array; the browser does (lazy route discovery) and keeps the unchanged package.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const KEPT = `
const routeShapes = new WeakMap();
const keptShapes = new Map();
const keptArrays = new WeakMap();
// A routes array's shape, as a text that equal trees share, with its routes by id (null when ids
// are missing or repeated: such an array is known by itself only).
function shapeOfRoutes(routes) {
  let shape = routeShapes.get(routes);
  if (shape) return shape;
  let byId = new Map();
  let unique = true;
  let text = (list) => "[" + list.map((route) => {
    if (route.id == null || byId.has(route.id)) unique = false;
    byId.set(route.id, route);
    return JSON.stringify([route.id, route.path, route.index === true, route.caseSensitive === true]) + (route.children && route.children.length > 0 ? text(route.children) : "");
  }).join(",") + "]";
  let key = text(routes);
  shape = unique ? { key, byId } : { key: routes, byId: null };
  routeShapes.set(routes, shape);
  return shape;
}
function knownRoutes(routes) {
  let shape = shapeOfRoutes(routes);
  let store = shape.byId ? keptShapes : keptArrays;
  let known = store.get(shape.key);
  if (!known) {
    let branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    known = { branches, matches: new Map() };
    if (store === keptShapes && keptShapes.size >= 100) keptShapes.clear();
    store.set(shape.key, known);
  }
  return { known, byId: shape.byId };
}
// Kept matches as new ones, with the asked array's routes, sharing one params object as matchRouteBranch's do.
function copyOfMatches(matches, byId) {
  if (!matches) return null;
  let params = Object.assign({}, matches[0] && matches[0].params);
  return matches.map((match) => Object.assign({}, match, { params, route: byId ? byId.get(match.route.id) : match.route }));
}
const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  const key = path + "\\u0000" + caseSensitive + "\\u0000" + end;
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    if (compiledPaths.size >= 1000) compiledPaths.clear();
    compiled = compilePathOnce(path, caseSensitive, end);
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathOnce(path, caseSensitive, end) {
`;

const EDITS = [
  [
    "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n  let matches = null;\n  let decoded = decodePath(pathname);\n",
    `  let { known, byId } = knownRoutes(routes);
  let branches = known.branches;
  let matches = null;
  let decoded = decodePath(pathname);
  let matchKey = decoded + "\\u0000" + (allowPartial === true);
  if (known.matches.has(matchKey)) return copyOfMatches(known.matches.get(matchKey), byId);
`,
  ],
  [
    "    matches = matchRouteBranch(branches[i], decoded, allowPartial);\n  }\n  return matches;\n}\n",
    `    matches = matchRouteBranch(branches[i], decoded, allowPartial);
  }
  if (known.matches.size >= 1000) known.matches.clear();
  known.matches.set(matchKey, matches);
  return copyOfMatches(matches, byId);
}
`,
  ],
  ["function compilePath(path, caseSensitive, end) {\n", KEPT],
  ["//# sourceMappingURL=router.cjs.js.map", ""],
];

/** The package's router.cjs.js with the edits above; throws when the package no longer matches them. */
export function serverRouterSource() {
  const source = createRequire(import.meta.url).resolve("@remix-run/router"); // dist/router.cjs.js
  let code = readFileSync(source, "utf8");
  for (const [from, to] of EDITS) {
    if (code.split(from).length !== 2)
      throw new Error(`server-router: ${source} has changed; look again at the edits in scripts/server-router.mjs`);
    code = code.replace(from, () => to);
  }
  return code;
}
