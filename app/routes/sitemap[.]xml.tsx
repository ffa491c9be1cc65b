import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { articlePath } from "~/lib/articles";
import { listArticlesForSitemap } from "~/models/articles.server";
import { listCompanyIdsForSitemap } from "~/models/catalogs.server";
import { listProductIdsForSitemap } from "~/models/products.server";

const STATIC_PATHS = ["/", "/products", "/trade-leads", "/companies", "/membership", "/contact", "/blog", "/news"];
const SITEMAP_MAX_URLS = 50_000;
const SITEMAP_MAX_ARTICLES = 2_000;
const day = (date: Date) => date.toISOString().slice(0, 10);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const articles = await listArticlesForSitemap(context.db, SITEMAP_MAX_ARTICLES);
  // Companies take at most a tenth of the file; products fill the rest.
  const companies = await listCompanyIdsForSitemap(context.db, SITEMAP_MAX_URLS / 10);
  const products = await listProductIdsForSitemap(context.db, SITEMAP_MAX_URLS - STATIC_PATHS.length - articles.length - companies.length);
  // Slugs are URL-encoded by articlePath; '&' cannot appear in them.
  const urls = [
    ...STATIC_PATHS.map((path) => `<url><loc>${origin}${path}</loc></url>`),
    ...articles.map((a) => `<url><loc>${origin}${articlePath(a)}</loc><lastmod>${day(a.publishDate)}</lastmod></url>`),
    ...companies.map((c) => `<url><loc>${origin}/companies/${c.id}</loc><lastmod>${day(c.createdAt)}</lastmod></url>`),
    ...products.map((p) => `<url><loc>${origin}/product/${p.id}</loc><lastmod>${day(p.createdAt)}</lastmod></url>`),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
