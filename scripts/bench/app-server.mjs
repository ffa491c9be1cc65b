// Starts the built app under `wrangler dev` on loopback with a fresh, seeded local state, for the
// benchmarks. Returns its URL and a stop function. Build first (`npm run build`).
import "../offline-env.mjs";
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** The middle value (the upper one of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A crawler's request: served from the edge cache like a visitor's, but no page view to record. */
export const CRAWLER_USER_AGENT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const ticksPerMs = Number(execFileSync("getconf", ["CLK_TCK"]).toString()) / 1000;

/** The app's own workerd processes: those in the process group of its `wrangler dev`. */
function workerdPids(groupId) {
  const rows = execFileSync("ps", ["-e", "-o", "pid=,pgid=,comm="]).toString().trim().split("\n");
  return rows
    .map((row) => row.trim().split(/\s+/))
    .filter(([, pgid, comm]) => Number(pgid) === groupId && comm.startsWith("workerd"))
    .map(([pid]) => pid);
}

/** Which of `pids` listens on 127.0.0.1:`port` (Linux: /proc/net/tcp and the processes' sockets). */
function listenerPid(port, pids) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set(
    readFileSync("/proc/net/tcp", "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[1]?.endsWith(`:${hexPort}`) && fields[3] === "0A") // LISTEN
      .map((fields) => fields[9]),
  );
  const pid = pids.find((candidate) =>
    readdirSync(`/proc/${candidate}/fd`).some((fd) => {
      try {
        return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${candidate}/fd/${fd}`))?.[1]);
      } catch {
        return false;
      }
    }),
  );
  if (!pid) throw new Error(`no workerd process listens on port ${port}`);
  return pid;
}

/**
 * `inspectorPort` opens the Worker to DevTools (CPU profiles); benchmarks leave it closed. `cwd`
 * serves another checkout's build (built there first), to compare two versions in one run.
 * `script` serves another entry than wrangler.toml's (the latency benchmark's), `vars` adds
 * variables.
 */
export async function startApp({ inspectorPort, cwd = process.cwd(), script, vars = {} } = {}) {
  const state = mkdtempSync(join(tmpdir(), "marketplace-bench-"));
  const persist = ["--persist-to", state];
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", ...persist], { stdio: "ignore", cwd });
  execFileSync("npx", ["tsx", "db/seed/run.ts", ...persist], { stdio: "ignore", cwd });
  const port = await freePort();
  const server = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      ...(script ? [script] : []),
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      ...persist,
      "--show-interactive-dev-session=false",
      "--var",
      "SESSION_SECRET:bench-session-secret",
      "--var",
      "ADMIN_PASSWORD:bench-admin-password",
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
      ...(inspectorPort ? ["--inspector-port", String(inspectorPort), "--inspector-ip", "127.0.0.1"] : []),
    ],
    { stdio: ["ignore", "ignore", "inherit"], detached: true, cwd },
  );
  const url = `http://127.0.0.1:${port}`;
  let proxy = null;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/favicon.svg`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the app did not start within 90 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    /** The process group of `wrangler dev` and the runtime it started. */
    pid: server.pid,
    /**
     * CPU time each of the app's runtime processes (workerd) has used so far, by process id, read
     * from /proc (Linux): per request, it hardly moves when the machine is busy with other work,
     * unlike requests per second. Looked up afresh every time: the runtime may start processes.
     */
    runtimeCpuMs() {
      const pids = workerdPids(server.pid);
      if (pids.length === 0) throw new Error("the app's workerd process was not found");
      const used = new Map();
      for (const pid of pids) {
        try {
          const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
          used.set(pid, (Number(fields[11]) + Number(fields[12])) / ticksPerMs); // utime + stime
        } catch {
          // it ended
        }
      }
      return used;
    },
    /**
     * Resident memory (MB) of the runtime that runs the Worker, from /proc (Linux): its workerd
     * processes but `wrangler dev`'s proxy, which production does not have.
     */
    runtimeRssMb() {
      const proxyPid = this.proxyPid();
      let kb = 0;
      for (const pid of workerdPids(server.pid)) {
        if (pid === proxyPid) continue;
        try {
          kb += Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
        } catch {
          // it ended
        }
      }
      return kb / 1024;
    },
    /**
     * The workerd process of `wrangler dev`'s own proxy: the one listening on the app's port, which
     * hands each request on to the runtime that runs the Worker. Production has no such proxy, so
     * its CPU is counted apart from the Worker's.
     */
    proxyPid() {
      proxy ??= listenerPid(port, workerdPids(server.pid));
      return proxy;
    },
    /**
     * One autocannon run against `path`, 10 connections, for `seconds` or `amount` requests:
     * requests/s, p50, errors, and per answered request the CPU time of the runtime that runs the
     * Worker (`cpu`) and of wrangler's dev proxy in front of it (`proxyCpu`).
     */
    async drive(path, { headers = {}, seconds, amount } = {}) {
      const cpuBefore = this.runtimeCpuMs();
      const result = await new Promise((resolve, reject) => {
        const bound = amount !== undefined ? { amount } : { duration: seconds };
        autocannon({ url: `${url}${path}`, connections: 10, headers, ...bound }, (error, r) => (error ? reject(error) : resolve(r)));
      });
      const proxyPid = this.proxyPid();
      let worker = 0;
      let proxied = 0;
      for (const [pid, ms] of this.runtimeCpuMs()) {
        if (pid === proxyPid) proxied += ms - (cpuBefore.get(pid) ?? 0);
        else worker += ms - (cpuBefore.get(pid) ?? 0);
      }
      const answered = Math.max(1, result.requests.total);
      return {
        rps: result.requests.average,
        p50: result.latency.p50,
        errors: result.errors + result.non2xx,
        cpu: worker / answered,
        proxyCpu: proxied / answered,
      };
    },
    /**
     * Signs a demo member in through the real sign-in action (password check, session row) and
     * returns the Cookie header of that session: a member's pages are rendered afresh every time.
     * A made-up `sid` cookie would be a visitor whose page skips the session and member work.
     */
    async signIn(email = "free@example.com", password = "TradeDemo2026") {
      const response = await fetch(`${url}/auth`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
        body: new URLSearchParams({ email, password }),
        redirect: "manual",
      });
      const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
      const session = cookies.find((c) => /^(__Host-)?sid=./.test(c));
      if (!session) throw new Error(`signing in as ${email} failed: ${response.status}`);
      return cookies.filter((c) => !/^(__Host-)?toast=/.test(c)).join("; ");
    },
    stop() {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        // already gone
      }
      rmSync(state, { recursive: true, force: true });
    },
  };
}
