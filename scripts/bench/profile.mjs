// `node scripts/bench/profile.mjs [path] [requests]`: where a page's server time goes. Starts the
// built app with the Worker's DevTools inspector on loopback, takes a V8 CPU profile while it
// answers the page `requests` times (uncached: a signed-in free member's real session), and
// prints the self time per request by package or app module (wrangler's bundle marks each module
// with a `// path` comment) and by function. FOCUS=i18next also lists that module's functions and
// where the Worker entered it from; VISITOR=1 profiles a visitor's requests instead (edge-cache
// hits after the first); PROFILE_OUT=<file> also writes the raw V8 profile there (for a tree or
// inclusive times). The profiler itself adds about a third to the figures.
import { writeFileSync } from "node:fs";
import WebSocket from "ws";
import { startApp } from "./app-server.mjs";

const path = process.argv[2] ?? "/";
const requests = Number(process.argv[3] ?? 100);
const focus = process.env.FOCUS;
const inspectorPort = 9300 + Math.floor(Math.random() * 500);

const app = await startApp({ inspectorPort });
try {
  const headers = process.env.VISITOR
    ? { accept: "text/html", "user-agent": "Mozilla/5.0 (profile)" }
    : { cookie: await app.signIn(), accept: "text/html" };
  for (let i = 0; i < 10; i++) await (await fetch(`${app.url}${path}`, { headers })).text();
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve) => socket.once("open", resolve));
  let id = 0;
  const pending = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data));
    if (message.id && pending.has(message.id)) pending.get(message.id)(message.result);
  });
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      pending.set(++id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send("Debugger.enable");
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 100 });
  await send("Profiler.start");
  const started = performance.now();
  for (let i = 0; i < requests; i++) await (await fetch(`${app.url}${path}`, { headers })).text();
  const wall = performance.now() - started;
  const { profile } = await send("Profiler.stop");
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));

  // The module a bundled line belongs to: the last `// node_modules/…` or `// app/…` mark above it.
  const marks = new Map();
  async function moduleOf({ scriptId, url, functionName, lineNumber }) {
    if (!url) return functionName;
    if (!marks.has(scriptId)) {
      const { scriptSource = "" } = (await send("Debugger.getScriptSource", { scriptId })) ?? {};
      const found = [];
      scriptSource.split("\n").forEach((line, i) => {
        const mark = /^\/\/ ((?:node_modules|app|build|db)\/\S+|server\.ts|load-context\.ts)$/.exec(line);
        if (mark) found.push([i, mark[1].replace(/^node_modules\//, "")]);
      });
      marks.set(scriptId, found);
    }
    let module = url.replace(/^.*\//, "");
    for (const [line, name] of marks.get(scriptId)) {
      if (line > lineNumber) break;
      module = name;
    }
    return module;
  }

  const interval = (profile.endTime - profile.startTime) / profile.samples.length / 1000; // ms per sample
  const selfSamples = profile.samples.reduce((m, nodeId) => m.set(nodeId, (m.get(nodeId) ?? 0) + 1), new Map());
  const parentOf = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node])));
  const byModule = new Map();
  const byFunction = new Map();
  const focusFunctions = new Map();
  const focusCallers = new Map();
  const add = (map, key, samples) => map.set(key, (map.get(key) ?? 0) + samples);
  let busy = 0;
  for (const node of profile.nodes) {
    const samples = selfSamples.get(node.id) ?? 0;
    if (!samples || node.callFrame.functionName === "(idle)") continue;
    busy += samples;
    const module = await moduleOf(node.callFrame);
    const name = `${node.callFrame.functionName || "(anonymous)"} (${module}:${node.callFrame.lineNumber + 1})`;
    add(byModule, module, samples);
    add(byFunction, name, samples);
    if (focus && module.includes(focus)) {
      add(focusFunctions, name, samples);
      let caller = parentOf.get(node.id);
      while (caller && (await moduleOf(caller.callFrame)).includes(focus)) caller = parentOf.get(caller.id);
      add(
        focusCallers,
        caller ? `${caller.callFrame.functionName || "(anonymous)"} (${await moduleOf(caller.callFrame)})` : "(root)",
        samples,
      );
    }
  }
  socket.close();

  const ms = (samples) => (samples * interval) / requests;
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log(
    `${path}: ${requests} requests, ${(wall / requests).toFixed(1)} ms wall each, ${ms(busy).toFixed(1)} ms of Worker CPU each\n`,
  );
  console.log("self time per request, by package or module:");
  for (const [module, samples] of top(byModule, 20)) console.log(`  ${ms(samples).toFixed(2).padStart(7)} ms  ${module}`);
  console.log("\nself time per request, by function:");
  for (const [name, samples] of top(byFunction, 20)) console.log(`  ${ms(samples).toFixed(2).padStart(7)} ms  ${name}`);
  if (focus) {
    console.log(`\n${focus}: its functions`);
    for (const [name, samples] of top(focusFunctions, 15)) console.log(`  ${ms(samples).toFixed(2).padStart(7)} ms  ${name}`);
    console.log(`\n${focus}: entered from`);
    for (const [name, samples] of top(focusCallers, 10)) console.log(`  ${ms(samples).toFixed(2).padStart(7)} ms  ${name}`);
  }
} finally {
  app.stop();
}
