import { everyone, type Expectation, type RouteRow } from "../types";

const adminOnly = (admin: Expectation) => ({ ...everyone("gate" as Expectation), admin });

export const rows: RouteRow[] = [
  { file: "admin.currencies.tsx", name: "exchange rates", path: "/admin/currencies", expect: adminOnly(200) },
  {
    file: "admin.currencies.tsx",
    name: "set a rate and its day",
    method: "POST",
    path: "/admin/currencies",
    form: { currency: "GBP", perUsd: "0.77", asOf: "2026-11-20" },
    expect: adminOnly({ status: 302, location: "/admin/currencies" }),
  },
  {
    file: "admin.currencies.tsx",
    name: "change the US dollar, the base (never)",
    method: "POST",
    path: "/admin/currencies",
    form: { currency: "USD", perUsd: "2", asOf: "2026-11-20" },
    expect: adminOnly(400),
  },
  {
    file: "admin.currencies.tsx",
    name: "a display currency chosen in the URL of an admin page",
    path: "/admin/currencies?currency=JPY",
    expect: adminOnly(200),
  },
];
