import type { FormEntry } from "./types";

// The malformed payloads of the hostile-input suite, made from a form's valid submission.

/** Accepted by every text field of the forms (the shortest allows 40 characters). */
export const HOSTILE_TEXT = `<script>alert(1)</script>'--"x"*`;
export const SCRIPT = "<script>alert(1)</script>";
const MB = "x".repeat(1024 * 1024);

export interface Payload {
  name: string;
  body?: BodyInit | null;
  contentType?: string | null;
}

const FIVE_MB = MB.repeat(5);
const REPEATED_NAMES = "&x=y".repeat(100_000);
const part = (name: string, value: string) => `--XyZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const REPEATED_PARTS = part("x", "y").repeat(10_000);
// The big values are plain 'x's: they need no escaping, and escaping megabytes is slow.
const escape = (v: string) => (v === MB || v === FIVE_MB ? v : encodeURIComponent(v));
const encode = (pairs: [string, string][]) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${escape(v)}`).join("&");
const utf16 = (text: string) => {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    bytes[i * 2] = text.charCodeAt(i) & 0xff;
    bytes[i * 2 + 1] = text.charCodeAt(i) >> 8;
  }
  return bytes;
};

/**
 * The malformed payloads for one form, made from its valid submission. `oversize` adds a 5 MB
 * body: every action reads its body through the same readForm, which refuses it by its length
 * before reading, so one form proves the cap and the others are spared 5 MB each (sending it to
 * every form made the suite minutes slower).
 */
export function payloads(entry: FormEntry, valid: Record<string, string>, { oversize = false } = {}): Payload[] {
  const pairs = Object.entries(valid);
  const form = encode(pairs);
  const bytes = new TextEncoder().encode(form);
  const FORM = "application/x-www-form-urlencoded";
  const notForms: Payload[] = [
    { name: "JSON", body: JSON.stringify(valid), contentType: "application/json" },
    { name: "JSON with charset", body: JSON.stringify(valid), contentType: "application/json; charset=utf-8" },
    { name: "text/plain", body: form, contentType: "text/plain" },
    { name: "text/plain with charset", body: form, contentType: "text/plain;charset=UTF-8" },
    { name: "empty Content-Type", body: form, contentType: "" },
    { name: "no Content-Type", body: bytes, contentType: null },
    { name: "no Content-Type and no body", body: null, contentType: null },
    { name: "charset=utf-16", body: utf16(form), contentType: `${FORM}; charset=utf-16` },
    { name: "charset=iso-8859-1", body: form, contentType: `${FORM}; charset=iso-8859-1` },
    { name: "multipart without boundary", body: form, contentType: "multipart/form-data" },
    { name: "multipart with an empty boundary", body: form, contentType: "multipart/form-data; boundary=" },
    { name: "multipart that is not multipart", body: "not multipart at all", contentType: "multipart/form-data; boundary=XyZ" },
    {
      name: "multipart with an unterminated part",
      body: `--XyZ\r\nContent-Disposition: form-data; name="${pairs[0]?.[0] ?? "a"}"\r\n\r\nvalue`,
      contentType: "multipart/form-data; boundary=XyZ",
    },
    { name: "XML", body: "<a>1</a>", contentType: "application/xml" },
    { name: "octet-stream", body: crypto.getRandomValues(new Uint8Array(64)), contentType: "application/octet-stream" },
    { name: "text/html", body: `<form>${SCRIPT}</form>`, contentType: "text/html" },
    // Parsing is quadratic in repeated names: the form must be refused before it is parsed.
    { name: "100,000 repeated field names", body: `${form}${REPEATED_NAMES}`, contentType: FORM },
    {
      name: "10,000 repeated fields as multipart",
      body: `${pairs.map(([k, v]) => part(k, v)).join("")}${REPEATED_PARTS}--XyZ--\r\n`,
      contentType: "multipart/form-data; boundary=XyZ",
    },
  ];
  if (entry.required.length === 0) return notForms;

  const [first] = entry.required;
  const others = pairs.filter(([k]) => k !== first);
  const intent = valid.intent;
  const keepIntent = (v: string) => pairs.filter(([k]) => k !== first).map(([k, old]): [string, string] => [k, k === "intent" ? old : v]);
  const texts = entry.texts.length ? entry.texts : [];
  const withTexts = (value: string): [string, string][] =>
    texts.length ? pairs.map(([k, v]) => [k, texts.includes(k) ? value : v]) : [...keepIntent(value)];
  const urlencoded = (name: string, p: [string, string][] | string): Payload => ({
    name,
    body: typeof p === "string" ? p : encode(p),
    contentType: FORM,
  });
  const fields: Payload[] = [
    urlencoded("an empty form", ""),
    urlencoded(
      "every field empty",
      pairs.map(([k]) => [k, ""]),
    ),
    ...entry.required.map((name) =>
      urlencoded(
        `without ${name}`,
        pairs.filter(([k]) => k !== name),
      ),
    ),
    urlencoded(
      "every field twice",
      pairs.flatMap(([k, v]): [string, string][] => [
        [k, v],
        [k, `${v}-again`],
      ]),
    ),
    urlencoded(`${first} as a list (${first}[0])`, [...others, [`${first}[0]`, valid[first] ?? "x"]]),
    urlencoded(`${first} as an object (${first}.a)`, [...others, [`${first}.a`, valid[first] ?? "x"]]),
    urlencoded("__proto__ fields", [...others, ["__proto__[admin]", "1"], ["constructor[prototype][admin]", "1"]]),
    urlencoded("a 1 MB string", texts.length ? pairs.map(([k, v]) => [k, k === texts[0] ? MB : v]) : [...keepIntent(MB)]),
    ...(oversize ? [urlencoded("a 5 MB body", [...others, [first, FIVE_MB]])] : []),
    ...(entry.lines?.length
      ? [
          urlencoded(
            "a line break in a one-line field (an e-mail header injection)",
            pairs.map(([k, v]) => [k, entry.lines!.includes(k) ? `${v}\r\nBcc: victim@example.com` : v]),
          ),
        ]
      : []),
    urlencoded("NUL and escape characters", withTexts("a\u0000b\u001b[31mc")),
    urlencoded("a lone NUL", withTexts("\u0000")),
    urlencoded(
      "bad UTF-8 percent-escapes",
      (texts.length ? pairs : keepIntent("x"))
        .map(
          ([k, v]) =>
            `${encodeURIComponent(k)}=${texts.includes(k) || (!texts.length && k !== "intent") ? "%FF%FE%C3%28bad" : encodeURIComponent(v)}`,
        )
        .join("&"),
    ),
    urlencoded(
      "a truncated percent-escape",
      (texts.length ? pairs : keepIntent("x")).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}%E2%82`).join("&"),
    ),
    urlencoded("HTML and script (one field missing)", keepIntent(`${SCRIPT}<img src=x onerror=alert(1)>`)),
    urlencoded("SQL (one field missing)", keepIntent(`'; DROP TABLE users; -- " OR 1=1`)),
    urlencoded("FTS5 syntax (one field missing)", keepIntent(`"pump" NEAR(a b, 2) OR title:* ^x AND -y`)),
    urlencoded("a 10,000-character field name", [...others, ["n".repeat(10_000), "1"]]),
    urlencoded("500 unknown fields", [...others, ...Array.from({ length: 500 }, (_, i): [string, string] => [`f${i}`, "1"])]),
    urlencoded("a known field 21 times", [...pairs, ...Array.from({ length: 21 }, (): [string, string] => [first, valid[first] ?? "x"])]),
  ];
  for (const [label, value] of [
    ["a huge number", "1e308"],
    ["a number past 2^53", "99999999999999999999999"],
    ["a negative number", "-1"],
    ["not a number", "NaN"],
    ["Infinity", "Infinity"],
  ] as const) {
    fields.push(
      entry.numbers?.length
        ? urlencoded(
            label,
            pairs.map(([k, v]) => [k, entry.numbers!.includes(k) ? value : v]),
          )
        : urlencoded(`${label} (one field missing)`, keepIntent(value)),
    );
  }
  if (intent !== undefined) {
    fields.push(
      urlencoded(
        "an unknown intent",
        pairs.map(([k, v]) => [k, k === "intent" ? "drop-tables" : v]),
      ),
    );
    fields.push(
      urlencoded(
        "no intent",
        pairs.filter(([k]) => k !== "intent"),
      ),
    );
  } else {
    fields.push(urlencoded("an unknown intent (one field missing)", [...others, ["intent", "drop-tables"]]));
  }
  return [...notForms, ...fields];
}
