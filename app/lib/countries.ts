import { MemoryCache } from "~/lib/cache";
import { compareText } from "~/lib/format";

/**
 * The 193 UN member states plus the two observer states, as ISO 3166 codes. Names come from
 * Intl.DisplayNames in the reader's language; the stored value is the English name.
 */
const COUNTRY_CODES = `AF AL DZ AD AO AG AR AM AU AT AZ BS BH BD BB BY BE BZ BJ BT BO BA BW BR BN BG BF BI CV KH CM CA CF TD
CL CN CO KM CG CD CR CI HR CU CY CZ DK DJ DM DO EC EG SV GQ ER EE SZ ET FJ FI FR GA GM GE DE GH GR GD GT GN GW GY HT HN HU IS
IN ID IR IQ IE IL IT JM JP JO KZ KE KI KP KR KW KG LA LV LB LS LR LY LI LT LU MG MW MY MV ML MT MH MR MU MX FM MD MC MN ME MA
MZ MM NA NR NP NL NZ NI NE NG MK NO OM PK PW PA PG PY PE PH PL PT QA RO RU RW KN LC VC WS SM ST SA SN RS SC SL SG SK SI SB SO
ZA SS ES LK SD SR SE CH SY TJ TZ TH TL TG TO TT TN TR TM TV UG UA AE GB US UY UZ VU VA VE VN YE ZM ZW PS`.split(/\s+/);

const english = new Intl.DisplayNames(["en"], { type: "region" });

const COUNTRIES = COUNTRY_CODES.map((code) => ({ code, name: english.of(code) ?? code }));
export const COUNTRY_NAMES = new Set(COUNTRIES.map((c) => c.name));
const NAME_BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c.name]));

/** A two-letter country code as Cloudflare gives it, or null: 'XX' is Cloudflare's unknown, 'T1' Tor. */
export function knownCountryCode(code: string | null | undefined) {
  return code && /^[A-Z]{2}$/.test(code) && code !== "XX" && code !== "T1" ? code : null;
}

/**
 * Where the request comes from, as a country of the forms' list (its stored English name): read
 * from Cloudflare's `CF-IPCountry` header; null when Cloudflare does not know, or the place is not
 * in the list (Hong Kong, Taiwan). A form's default, never a fact about the member.
 */
export function requestCountry(request: Request) {
  const code = knownCountryCode(request.headers.get("CF-IPCountry")?.trim().toUpperCase());
  return (code && NAME_BY_CODE.get(code)) ?? null;
}

// Region names per language, which cost far more to build than to use.
const regionNamesCache = new MemoryCache<Intl.DisplayNames>({ max: 50 });

function regionNames(locale: string) {
  let names = regionNamesCache.get(locale);
  if (!names) regionNamesCache.set(locale, (names = new Intl.DisplayNames([locale], { type: "region" })));
  return names;
}

/** The countries with their names in the given language, sorted for that language. */
export function localizedCountries(locale: string) {
  const names = regionNames(locale);
  const compare = compareText(locale);
  return COUNTRIES.map((c) => ({ value: c.name, label: names.of(c.code) ?? c.name })).sort((a, b) => compare(a.label, b.label));
}

/**
 * Places a stored country may name besides the list's (the forms store the list's English names;
 * older data and the demo suppliers also have these English names).
 */
const OTHER_PLACES: Record<string, string> = { Taiwan: "TW", "Hong Kong": "HK", Macao: "MO", Macau: "MO", Turkey: "TR", Kosovo: "XK" };
const CODE_BY_NAME = new Map<string, string>([...COUNTRIES.map((c) => [c.name, c.code] as const), ...Object.entries(OTHER_PLACES)]);

/** Every country name a listing may store (the list's and OTHER_PLACES). */
export const STORED_COUNTRY_NAMES = [...CODE_BY_NAME.keys()];

/** Whether a code is one of the list's countries (ISO 3166, upper case). */
export function isCountryCode(code: string) {
  return NAME_BY_CODE.has(code);
}

/**
 * A stored country (its English name) in the reader's language; English readers and names that
 * are no known place get it as stored. Pages call it in their loader, so that the browser shows
 * the server's words (another ICU version may name a place differently).
 */
export function countryLabel(name: string, locale: string) {
  const code = CODE_BY_NAME.get(name);
  if (!code || locale === "en") return name;
  return regionNames(locale).of(code) ?? name;
}

/** `party` (a company, a buyer) with its stored country in the reader's language, for a loader's answer. */
export function withCountryLabel<T extends { country: string | null }>(party: T, locale: string): T {
  return party.country ? { ...party, country: countryLabel(party.country, locale) } : party;
}

const NAMES_BY_CODE = new Map<string, string[]>();
for (const [name, code] of CODE_BY_NAME) NAMES_BY_CODE.set(code, [...(NAMES_BY_CODE.get(code) ?? []), name]);

/** A country's ISO code (upper-case) when it is one a stored country may name, else null. */
export function knownPlaceCode(code: string) {
  const upper = code.trim().toUpperCase();
  return NAMES_BY_CODE.has(upper) ? upper : null;
}

/** The English names stored for a place (Türkiye and Turkey), by its ISO code; empty when unknown. */
export function storedCountryNames(code: string): string[] {
  return NAMES_BY_CODE.get(code) ?? [];
}

/** The ISO code of a stored country (its English name), or null when it is no known place. */
export function countryCodeOf(name: string) {
  return CODE_BY_NAME.get(name) ?? null;
}

/** A place's name in the reader's language, by its ISO code. */
export function countryNameOf(code: string, locale: string) {
  return regionNames(locale).of(code) ?? code;
}
