import type { ServerBuild } from "@remix-run/cloudflare";
import { createWorker } from "./app/entry.worker";
// The bundle that `remix vite:build` writes; build before running or testing the Worker.
import * as build from "./build/server";

export default createWorker(build as unknown as ServerBuild);
