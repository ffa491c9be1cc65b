import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import app from "../../server";
import { roundTripCounter } from "./d1-probe";

/**
 * A request to the Worker, as `SELF.fetch` sends one: the Worker's own `fetch` handler with the
 * test bindings (real local D1 and R2, the Cache API), redirects not followed.
 *
 * Why not `SELF.fetch`: under @cloudflare/vitest-pool-workers each `SELF.fetch` in a test file
 * costs more than the one before (workers-sdk issue 15446: a bare /robots.txt went from 5 ms to
 * 27 ms in 300 requests here, and the hostile-input file spent 8 minutes on it). Calling the
 * handler stays flat. What the network would add is added here: a Content-Length for a body of
 * known length (a browser always sends one; a body without one is what a chunked upload looks
 * like, and the tests that want that pass a stream).
 *
 * `bindings` stand in for the test bindings of the same names (a probed D1, for one).
 *
 * The work the Worker hands to `waitUntil` (edge-cache stores, page-view recording) finishes
 * before the answer returns, so a test reads what that work wrote without polling; its failures
 * are logged by the Worker, not thrown, as in production.
 */
export async function fetchWorker(input: string | URL, init: RequestInit = {}, bindings: Partial<Env> = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const length = knownLength(init.body);
  if (length !== null && !headers.has("Content-Length")) headers.set("Content-Length", String(length));
  const request = new Request(input, { ...init, headers });
  const ctx = createExecutionContext();
  const response = await app.fetch(
    request as Parameters<typeof app.fetch>[0],
    { ...env, ...bindings } as Parameters<typeof app.fetch>[1],
    ctx,
  );
  await waitOnExecutionContext(ctx).catch(() => {});
  return response;
}

const encoder = new TextEncoder();

function knownLength(body: RequestInit["body"]): number | null {
  if (body === undefined || body === null) return null;
  if (typeof body === "string") return encoder.encode(body).byteLength;
  if (body instanceof URLSearchParams) return encoder.encode(body.toString()).byteLength;
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return body.byteLength;
  if (body instanceof Blob) return body.size;
  return null; // a stream or FormData: the transport decides
}

const counter = roundTripCounter(env.DB);

/**
 * `fetchWorker` with the D1 binding counted: how many round trips to the database the request
 * waited on one after another before its answer (a batch, or calls started together, are one),
 * and how many calls it made (a batch is one).
 * The work left to `waitUntil` after the answer is not counted; it runs before this returns.
 */
export async function fetchCountingRoundTrips(input: string | URL, init: RequestInit = {}) {
  const request = new Request(input, { ...init, headers: new Headers(init.headers) });
  const ctx = createExecutionContext();
  counter.start();
  const response = await app.fetch(
    request as Parameters<typeof app.fetch>[0],
    { ...env, DB: counter.binding } as Parameters<typeof app.fetch>[1],
    ctx,
  );
  const { roundTrips, calls } = counter.take();
  await response.clone().arrayBuffer();
  await waitOnExecutionContext(ctx).catch(() => {});
  return { response, roundTrips, calls };
}
