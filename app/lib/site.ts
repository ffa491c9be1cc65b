// The site's own address. Every link that leaves the site (in e-mails above all) starts at the
// configured SITE_URL, never at the request's Host header: whoever sends a request chooses its
// Host, and a reset link that followed it would carry its token to any server they name.

/** The configured address of the site (an origin: scheme, host, port), as `siteUrl` read it. */
export type SiteUrl = string & { readonly __siteUrl: unique symbol };

/**
 * SITE_URL (wrangler.toml's `[vars]`), checked: an http(s) origin without path, query or
 * credentials. A missing or malformed value is a deployment error, thrown as one.
 */
export function siteUrl(env: { SITE_URL?: string }): SiteUrl {
  const configured = env.SITE_URL ?? "";
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw new Error(`SITE_URL is not an address: "${configured}"`);
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.pathname !== "/" || url.search || url.hash)
    throw new Error(`SITE_URL must be the site's origin (http(s)://host[:port]), not "${configured}"`);
  return url.origin as SiteUrl;
}

/** An absolute link to a path of the site ('/reset-password?token=…'): the one way links leaving the site are built. */
export function siteLink(site: SiteUrl, path: string) {
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) throw new Error(`not a path of the site: "${path}"`);
  return `${site}${path}`;
}

/** The site runs on this machine (a developer's, the tests'): its address is a loopback one. */
export function isLoopbackSite(site: SiteUrl) {
  const { hostname } = new URL(site);
  return hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "127.0.0.1" || hostname === "[::1]";
}
