/**
 * A catalog product's specifications: text that parses as a JSON object is
 * kept as that object; anything else is kept as plain notes, `{ notes: text }`.
 */
export function parseSpecifications(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // not JSON: plain notes
  }
  return { notes: text };
}

/** Specifications as label and text pairs for reading; nested values are shown as JSON. */
export function specificationEntries(specifications: Record<string, unknown> | null | undefined): [string, string][] {
  if (!specifications || typeof specifications !== "object") return [];
  return Object.entries(specifications).map(([key, value]) => [
    key,
    typeof value === "string"
      ? value
      : value === null || value === undefined
        ? ""
        : typeof value === "object"
          ? JSON.stringify(value)
          : String(value),
  ]);
}

/** Only notes: show them as a paragraph rather than a one-row table. */
export function isPlainNotes(specifications: Record<string, unknown> | null | undefined) {
  return !!specifications && Object.keys(specifications).length === 1 && typeof specifications.notes === "string";
}
