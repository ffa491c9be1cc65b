import type { SpecificationRow } from "~/lib/trade-terms";

// What the search index holds for a listing beyond its title, category, description and company
// name (products.search_text). The index's tokenizer (unicode61) splits words at spaces, which
// Chinese and Japanese do not write: "智能手机" would be one word that 手机 never matches. So every run
// of Han, Hiragana or Katakana is written out again as its characters' pairs, in order (a query of
// two or more characters is the phrase of its pairs), and as its single characters (a query of one).

/** Han, Hiragana, Katakana (with the prolonged sound mark and the iteration marks). */
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆]+/gu;

/** A run's two-character terms in order, then its distinct single characters. */
export function cjkTerms(text: string) {
  const out: string[] = [];
  for (const run of text.normalize("NFKC").match(CJK_RUN) ?? []) {
    const chars = [...run];
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
    out.push(...new Set(chars));
  }
  return out.join(" ");
}

export interface SearchTextSource {
  title: string;
  description: string | null;
  companyName: string | null;
  specifications: readonly SpecificationRow[] | null;
  /** The listing's language versions (not the original). */
  translations: readonly { title: string; description: string | null; specifications: readonly SpecificationRow[] | null }[];
}

function specificationsText(rows: readonly SpecificationRow[] | null) {
  return (rows ?? []).map((row) => `${row.name} ${row.value}`).join(" ");
}

/** The listing's extra searchable text: specifications, language versions, and the CJK terms of all of it. */
export function productSearchText(source: SearchTextSource) {
  const extra = [
    specificationsText(source.specifications),
    ...source.translations.flatMap((version) => [version.title, version.description ?? "", specificationsText(version.specifications)]),
  ].filter(Boolean);
  const cjk = cjkTerms([source.title, source.description ?? "", source.companyName ?? "", ...extra].join(" "));
  const text = [...extra, cjk].filter(Boolean).join(" ");
  return text || null;
}
