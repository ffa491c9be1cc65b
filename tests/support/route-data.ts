import { decode } from "turbo-stream";

// What the browser receives when Remix's client asks a route for its data (a Single Fetch data
// request, `/path.data?_routes=<route id>`), decoded as the client decodes it: loader data in
// HTML and in data answers must both keep to the same rules, so tests read both.

/**
 * The URL of the data request Remix's client makes for `path` (a path and query), built as
 * @remix-run/react builds it (singleFetchUrl, stripIndexParam): `/` asks `/_root.data`, any other
 * path `<path>.data` (a trailing slash dropped), the query kept. Every test that speaks Single Fetch
 * builds its URL here.
 * - With `routeId`: a loader request for that one route (`_routes=<route id>`, as a fetcher's load
 *   asks, or a navigation whose other routes keep their data); an empty `index` is dropped, as the
 *   client drops it from loader requests.
 * - Without: what a form posts to with JavaScript on (an action), `?index` kept for an index route.
 */
export function dataUrl(path: string, routeId?: string) {
  const url = new URL(path, "http://localhost");
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  if (routeId !== undefined) {
    const index = url.searchParams.getAll("index").filter(Boolean);
    url.searchParams.delete("index");
    for (const value of index) url.searchParams.append("index", value);
    url.searchParams.set("_routes", routeId);
  }
  return `${url.pathname}${url.search}`;
}

/** Some route's decoded data, when a test reads fields of whichever route it asked. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the route's own type is not at hand in tests
export type RouteData = any;

/** A route's answer in a data response: its data, its error (an error response or an Error), or a redirect. */
export type RouteResult<T> =
  | { data: T; error?: undefined; redirect?: undefined }
  | { error: { status: number; data: unknown } | Error; data?: undefined; redirect?: undefined }
  | { redirect: string; status: number; data?: undefined; error?: undefined };

/**
 * A data response's whole value, as @remix-run/react decodes it: for a loader request, the routes'
 * results by id; for an action, `{ data }` or `{ error }`. Error responses become `{ status, data }`.
 */
export async function decodeDataResponse(response: Response): Promise<unknown> {
  if (!response.body) throw new Error(`no body (status ${response.status})`);
  const decoded = await decode(response.body, {
    plugins: [
      (type: string, ...rest: unknown[]) => {
        if (type === "ErrorResponse") return { value: { status: rest[1] as number, data: rest[0] } };
        if (type === "SanitizedError") return { value: Object.assign(new Error(rest[1] as string), { name: rest[0] as string }) };
        if (type === "SingleFetchRedirect") return { value: { redirect: rest[0] } };
      },
    ],
  });
  await decoded.done;
  return decoded.value;
}

/** Decodes a data response for `routeId`, as @remix-run/react does. */
export async function decodeRouteData<T = unknown>(response: Response, routeId: string): Promise<RouteResult<T>> {
  const value = (await decodeDataResponse(response)) as Record<string, unknown> & { redirect?: { redirect: string; status: number } };
  if (value.redirect && typeof value.redirect === "object" && "redirect" in value.redirect) {
    return { redirect: value.redirect.redirect, status: value.redirect.status };
  }
  const result = (value[routeId] ?? {}) as { data?: T; error?: { status: number; data: unknown } | Error };
  if (result.error !== undefined) return { error: result.error };
  return { data: result.data as T };
}
