import type { FormEntry } from "../types";

export const forms: FormEntry[] = [
  {
    file: "admin.currencies.tsx",
    name: "set an exchange rate",
    role: "admin",
    path: "/admin/currencies",
    valid: () => ({ currency: "EUR", perUsd: "0.88", asOf: "2026-11-20" }),
    required: ["currency", "perUsd", "asOf"],
    texts: [],
    lines: [],
    numbers: ["perUsd"],
  },
];
