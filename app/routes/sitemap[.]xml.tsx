import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listCompanyIdsForSitemap } from "~/models/catalogs.server";
import { listProductIdsForSitemap } from "~/models/products.server";

const STATIC_PATHS = ["/", "/products", "/trade-leads", "/companies", "/membership", "/contact"];
const SITEMAP_MAX_URLS = 50_000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  // Companies take at most a tenth of the file; products fill the rest.
  const companies = await listCompanyIdsForSitemap(context.db, SITEMAP_MAX_URLS / 10);
  const products = await listProductIdsForSitemap(context.db, SITEMAP_MAX_URLS - STATIC_PATHS.length - companies.length);
  const urls = [
    ...STATIC_PATHS.map((path) => `<url><loc>${origin}${path}</loc></url>`),
    ...companies.map((c) => `<url><loc>${origin}/companies/${c.id}</loc><lastmod>${c.createdAt.toISOString().slice(0, 10)}</lastmod></url>`),
    ...products.map((p) => `<url><loc>${origin}/product/${p.id}</loc><lastmod>${p.createdAt.toISOString().slice(0, 10)}</lastmod></url>`),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
