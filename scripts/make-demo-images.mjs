// Writes the demo SVG images under public/images (run once; the output is committed).
import { mkdirSync, writeFileSync } from "node:fs";

const categories = {
  technology: ["#1e3a8a", "#3b82f6", "M20 34h40v18H20z M28 52v6h24v-6 M30 26l10-8 10 8"],
  electronics: ["#7c2d12", "#f97316", "M40 16a14 14 0 0 1 8 25v7H32v-7a14 14 0 0 1 8-25z M33 52h14v4H33z"],
  office: ["#334155", "#94a3b8", "M18 24h44v28H18z M24 30h32 M24 36h32 M24 42h20"],
  industrial: ["#991b1b", "#ef4444", "M32 20h16v6H32z M28 26h24v34H28z M34 34h12v16H34z"],
  fashion: ["#831843", "#ec4899", "M26 18l8 6h12l8-6 10 10-8 8v26H24V36l-8-8z"],
  healthcare: ["#065f46", "#10b981", "M34 18h12v16h16v12H46v16H34V46H18V34h16z"],
  agriculture: ["#365314", "#84cc16", "M40 62V30 M40 40c-8 0-14-6-14-14 8 0 14 6 14 14z M40 34c8 0 14-6 14-14-8 0-14 6-14 14z"],
  apparel: ["#581c87", "#a855f7", "M28 18h24l10 12-8 6v26H26V36l-8-6z"],
  automobiles: ["#1f2937", "#6b7280", "M16 44l6-14h36l6 14v10H16z M26 58a4 4 0 1 0 0-1 M54 58a4 4 0 1 0 0-1"],
  beauty: ["#9d174d", "#f472b6", "M34 30h12v30H34z M36 18h8v12h-8z"],
  business: ["#0f172a", "#64748b", "M18 30h44v28H18z M32 22h16v8H32z"],
  chemicals: ["#164e63", "#06b6d4", "M34 18h12v14l12 24H22l12-24z"],
  computers: ["#1e40af", "#60a5fa", "M18 22h44v28H18z M14 56h52"],
  construction: ["#78350f", "#f59e0b", "M16 60h48 M22 60V34l18-14 18 14v26"],
  "consumer-electronics": ["#312e81", "#818cf8", "M16 22h48v30H16z M32 58h16"],
  electrical: ["#713f12", "#eab308", "M44 14L26 42h14l-4 24 18-30H40z"],
  energy: ["#14532d", "#22c55e", "M16 50h48L56 26H24z M40 26v24 M20 38h40"],
  environment: ["#134e4a", "#14b8a6", "M40 16c14 10 18 24 10 36-6 8-14 8-20 0-8-12-4-26 10-36z"],
};

function tile(dark, light, path, size = [320, 240]) {
  const [w, h] = size;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/><g transform="translate(${w / 2 - 80} ${h / 2 - 80}) scale(2)" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" opacity=".9"><path d="${path}"/></g></svg>\n`;
}

mkdirSync("public/images/products", { recursive: true });
mkdirSync("public/images/blog", { recursive: true });
for (const [name, [dark, light, path]] of Object.entries(categories)) {
  writeFileSync(`public/images/products/${name}.svg`, tile(dark, light, path));
}
writeFileSync(
  "public/images/placeholder.svg",
  tile("#94a3b8", "#e2e8f0", "M18 22h44v36H18z M18 50l14-12 10 8 8-6 12 10 M50 32a4 4 0 1 0 0-1"),
);
const blog = [
  ["#0c4a6e", "#38bdf8"],
  ["#3f6212", "#a3e635"],
  ["#7c2d12", "#fb923c"],
  ["#4c1d95", "#c084fc"],
];
blog.forEach(([dark, light], i) =>
  writeFileSync(`public/images/blog/${i + 1}.svg`, tile(dark, light, "M20 18h40v44H20z M28 28h24 M28 36h24 M28 44h16", [640, 360])),
);
writeFileSync(
  "public/images/hero.svg",
  tile(
    "#0f172a",
    "#c2410c",
    "M40 14a26 26 0 1 0 0 52a26 26 0 1 0 0-52 M14 40h52 M40 14c-10 12-10 40 0 52 M40 14c10 12 10 40 0 52",
    [1200, 500],
  ),
);
const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="36" height="36" viewBox="0 0 36 36"><rect width="36" height="36" rx="8" fill="#c2410c"/><g fill="none" stroke="#fff" stroke-width="2.2"><circle cx="18" cy="18" r="10"/><path d="M8 18h20M18 8c-5 6-5 14 0 20M18 8c5 6 5 14 0 20"/></g></svg>\n`;
writeFileSync("public/logo.svg", logo);
writeFileSync("public/favicon.svg", logo);
