import type { MetaDescriptor } from "@remix-run/cloudflare";

type RootMeta = { siteName: string; description: string; notFound: string; productNotFound: string; error: string };
type Match = { id: string; data: unknown };

/** The translated site-wide texts the root loader provides for every page's meta tags. */
export function rootMeta(matches: Match[]) {
  return (matches.find((m) => m.id === "root")?.data as { meta?: RootMeta } | undefined)?.meta;
}

/** A page's title and description; the site name and default description come from the root loader. */
export function pageMeta(matches: Match[], title?: string | null, description?: string | null): MetaDescriptor[] {
  const root = rootMeta(matches);
  const siteName = root?.siteName ?? "";
  return [{ title: title ? `${title} | ${siteName}` : siteName }, { name: "description", content: description ?? root?.description ?? "" }];
}

/** The page's canonical address (none while the page has no data, e.g. an error). */
export function canonicalLink(href?: string | null): MetaDescriptor[] {
  return href ? [{ tagName: "link", rel: "canonical", href }] : [];
}

/** Open Graph tags for pages worth sharing. */
export function socialMeta(matches: Match[], title?: string | null, url?: string | null, image?: string | null): MetaDescriptor[] {
  const root = rootMeta(matches);
  return [
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: root?.siteName ?? "" },
    { property: "og:title", content: title ?? root?.siteName ?? "" },
    { property: "og:description", content: root?.description ?? "" },
    ...(url ? [{ property: "og:url", content: url }] : []),
    ...(image ? [{ property: "og:image", content: image }] : []),
  ];
}
