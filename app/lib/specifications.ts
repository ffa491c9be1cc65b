import type { SpecificationRow } from "~/lib/trade-terms";

/**
 * A listing's specifications as rows of name and value, as stored. Anything else (an object of
 * an older shape, a malformed value) is read as the rows it holds, so a page never breaks on it.
 */
export function specificationRows(stored: unknown): SpecificationRow[] {
  if (Array.isArray(stored)) {
    return stored
      .filter((row): row is SpecificationRow => !!row && typeof row === "object" && "name" in row && "value" in row)
      .map((row) => ({ name: String(row.name), value: String(row.value) }));
  }
  if (stored && typeof stored === "object") {
    return Object.entries(stored).map(([name, value]) => ({
      name,
      value: typeof value === "string" ? value : value == null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value),
    }));
  }
  return [];
}
