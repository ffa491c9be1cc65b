// `node scripts/bench/profile.mjs [path] [requests]`: where a page's server time goes. Starts the
// built app with the Worker's DevTools inspector on loopback, takes a V8 CPU profile while it
// answers the page `requests` times (uncached: with a cookie the edge cache never serves), and
// prints the functions and the source files with the most self time.
import WebSocket from "ws";
import { startApp } from "./app-server.mjs";

const path = process.argv[2] ?? "/";
const requests = Number(process.argv[3] ?? 100);
const inspectorPort = 9300 + Math.floor(Math.random() * 500);

const app = await startApp({ inspectorPort });
try {
  for (let i = 0; i < 10; i++) await (await fetch(`${app.url}${path}`, { headers: { cookie: "sid=profile" } })).text();
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve) => socket.once("open", resolve));
  let id = 0;
  const pending = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data));
    if (message.id && pending.has(message.id)) pending.get(message.id)(message.result);
  });
  const send = (method, params = {}) => new Promise((resolve) => { pending.set(++id, resolve); socket.send(JSON.stringify({ id, method, params })); });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 100 });
  await send("Profiler.start");
  const started = performance.now();
  for (let i = 0; i < requests; i++) await (await fetch(`${app.url}${path}`, { headers: { cookie: "sid=profile" } })).text();
  const wall = performance.now() - started;
  const { profile } = await send("Profiler.stop");
  socket.close();

  const interval = (profile.endTime - profile.startTime) / profile.samples.length / 1000; // ms per sample
  const selfSamples = new Map(profile.samples.reduce((m, nodeId) => m.set(nodeId, (m.get(nodeId) ?? 0) + 1), new Map()));
  const byFunction = new Map();
  const byFile = new Map();
  let busy = 0;
  for (const node of profile.nodes) {
    const samples = selfSamples.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    if (["(idle)", "(program)", "(garbage collector)"].includes(functionName) && !url) {
      if (functionName !== "(idle)") busy += samples;
      continue;
    }
    busy += samples;
    const file = (url || "(native)").replace(/^.*\/(node_modules\/[^/]+(?:\/[^/]+)?|build\/server|app)\//, "$1/");
    const name = `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + samples);
    byFile.set(file, (byFile.get(file) ?? 0) + samples);
  }
  const ms = (samples) => (samples * interval) / requests;
  console.log(`${path}: ${requests} requests, ${(wall / requests).toFixed(1)} ms wall each, ${ms(busy).toFixed(1)} ms of Worker CPU each\n`);
  console.log("self time per request, by source file:");
  for (const [file, samples] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${ms(samples).toFixed(2).padStart(7)} ms  ${file}`);
  console.log("\nself time per request, by function:");
  for (const [name, samples] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${ms(samples).toFixed(2).padStart(7)} ms  ${name}`);
} finally {
  app.stop();
}
