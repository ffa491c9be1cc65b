// The Worker as `npm run bench:latency` serves it: the app itself (server.ts's handlers around the
// same build), with every D1 call first waiting D1_LATENCY_MS (default 150), as a database far
// from the member would. Only the benchmark runs this entry; the app never sees the wrapper.
import type { ServerBuild } from "@remix-run/cloudflare";
import { createWorker } from "../../app/entry.worker";
import * as build from "../../build/server";
import { withLatency } from "../../tests/support/d1-probe";

const worker = createWorker(build as unknown as ServerBuild);

export default {
  ...worker,
  fetch(request: Request, env: Env & { D1_LATENCY_MS?: string }, ctx: ExecutionContext) {
    return worker.fetch(request, { ...env, DB: withLatency(env.DB, Number(env.D1_LATENCY_MS ?? 150)) }, ctx);
  },
};
