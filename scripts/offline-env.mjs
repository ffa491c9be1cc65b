// Keeps wrangler and miniflare on this machine: no Request.cf download, no telemetry,
// no update check. Imported first by every script that starts them.
Object.assign(process.env, {
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  WRANGLER_HIDE_BANNER: "true",
});
