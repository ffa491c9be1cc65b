import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

// Members' and administrators' screens are of no use to search engines.
const PRIVATE_PATHS = ["/auth", "/cart", "/catalog", "/cms", "/leads-import", "/analytics", "/forum", "/messages"];

export function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const body = ["User-agent: *", ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" } });
}
