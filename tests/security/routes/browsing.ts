import { everyone, type RouteRow } from "../types";

// Public pages: everyone gets the same answer.
export const rows: RouteRow[] = [
  { file: "_index.tsx", name: "home page", path: "/", expect: everyone(200) },
  { file: "$.tsx", name: "an unknown path", path: "/no/such/page", expect: everyone(404) },
  { file: "$.tsx", name: "a form post to an unknown path", method: "POST", path: "/no/such/page", form: { a: "1" }, expect: everyone(404) },
  { file: "products._index.tsx", name: "products list", path: "/products?search=pump&category=indus", expect: everyone(200) },
  {
    file: "products._index.tsx",
    name: "products list, filtered and sorted",
    path: "/products?search=pump&country=CN&country=DE&verified=1&business_type=manufacturer&response_rate=90&samples=1&moq_max=500&lead_time_max=30&price_min=1&price_max=90&currency=EUR&sort=price_asc",
    expect: everyone(200),
  },
  { file: "products.$id.tsx", name: "a product", path: ({ fx }) => `/products/${fx.product.id}`, expect: everyone(200) },
  { file: "products.$id.tsx", name: "the /product/:id alias", path: ({ fx }) => `/product/${fx.product.id}`, expect: everyone(200) },
  { file: "products.$id.tsx", name: "an unknown product", path: "/products/987654321", expect: everyone(404) },
  { file: "sitemap[.]xml.tsx", name: "sitemap", path: "/sitemap.xml", expect: everyone(200) },
  { file: "robots[.]txt.tsx", name: "robots.txt", path: "/robots.txt", expect: everyone(200) },
];
