/**
 * Hostile input: every form (every action) gets at least 30 malformed payloads — bodies that are
 * not forms (JSON, text/plain, none, empty, multipart without a boundary or broken, UTF-16 and
 * other charsets), missing and duplicated fields, 1 MB and 5 MB strings, control characters, bad
 * UTF-8 percent-escapes, HTML and script, SQL and FTS5 syntax, huge, negative and non-numbers,
 * unknown and missing intents, odd field names. Each must answer 4xx with a message (never 500),
 * never echo markup unescaped, and leave D1 and R2 unchanged. Then, where the form stores text
 * that someone sees, hostile text that IS accepted must render escaped on that page.
 *
 * FORM FORMAT. Every module in tests/security/forms/*.ts exports `forms: FormEntry[]` (add your
 * own file for your forms; see FormEntry in ./types.ts):
 *
 *   {
 *     file: "contact.tsx", name: "contact form", role: "visitor", path: "/contact",
 *     prepare: async (fx) => ({ id }),            // optional, once: rows the form needs
 *     valid: ({ fx, values, n }) => ({ email: "a@example.com", name: "A", message: "Hi" }),
 *     required: ["email", "name", "message"],     // fields without which it is refused
 *     texts: ["name", "message"],                 // free text: hostile text goes here
 *     numbers: ["quantity"],                      // optional: refuse huge/negative/NaN
 *     mayWrite: ["rate_limits"],                  // optional: tables a refusal may change
 *     shows: { page: "/admin/messages", role: "admin" },   // optional: accepted text renders here
 *   }
 *
 * Forms without fields (sign-out, admin logout, the catch-all) get the payloads that are not
 * forms; any form body is a valid submission for them. The suite also fails when an action in
 * app/routes has no form entry.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { changed, cookieFor, hasMessage, send, setupFixture, snapshot, type Fixture } from "./support";
import type { FormContext, FormEntry } from "./types";

const modules = import.meta.glob<{ forms: FormEntry[] }>("./forms/*.ts", { eager: true });
const FORMS = Object.values(modules).flatMap((module) => module.forms ?? []);
const ROUTE_FILES: { file: string; action: boolean }[] = JSON.parse(env.TEST_ROUTE_FILES);

/** Accepted by every text field of the forms (the shortest allows 40 characters). */
export const HOSTILE_TEXT = `<script>alert(1)</script>'--"x"*`;
const SCRIPT = "<script>alert(1)</script>";
const MB = "x".repeat(1024 * 1024);

interface Payload {
  name: string;
  body?: BodyInit | null;
  contentType?: string | null;
}

const encode = (pairs: [string, string][]) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
const utf16 = (text: string) => {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    bytes[i * 2] = text.charCodeAt(i) & 0xff;
    bytes[i * 2 + 1] = text.charCodeAt(i) >> 8;
  }
  return bytes;
};

/** The malformed payloads for one form, made from its valid submission. */
function payloads(entry: FormEntry, valid: Record<string, string>): Payload[] {
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
  ];
  if (entry.required.length === 0) return notForms;

  const [first] = entry.required;
  const others = pairs.filter(([k]) => k !== first);
  const intent = valid.intent;
  const keepIntent = (v: string) => pairs.filter(([k]) => k !== first).map(([k, old]): [string, string] => [k, k === "intent" ? old : v]);
  const texts = entry.texts.length ? entry.texts : [];
  const withTexts = (value: string): [string, string][] =>
    texts.length ? pairs.map(([k, v]) => [k, texts.includes(k) ? value : v]) : [...keepIntent(value)];
  const urlencoded = (name: string, p: [string, string][] | string): Payload => ({ name, body: typeof p === "string" ? p : encode(p), contentType: FORM });
  const fields: Payload[] = [
    urlencoded("an empty form", ""),
    urlencoded("every field empty", pairs.map(([k]) => [k, k === "intent" ? intent : ""])),
    ...entry.required.map((name) => urlencoded(`without ${name}`, pairs.filter(([k]) => k !== name))),
    urlencoded("every field twice", pairs.flatMap(([k, v]): [string, string][] => [[k, v], [k, `${v}-again`]])),
    urlencoded(`${first} as a list (${first}[0])`, [...others, [`${first}[0]`, valid[first] ?? "x"]]),
    urlencoded(`${first} as an object (${first}.a)`, [...others, [`${first}.a`, valid[first] ?? "x"]]),
    urlencoded("__proto__ fields", [...others, ["__proto__[admin]", "1"], ["constructor[prototype][admin]", "1"]]),
    urlencoded("1 MB strings", withTexts(MB)),
    urlencoded("a 5 MB body", [...others, [first, MB.repeat(5)]]),
    urlencoded("NUL and escape characters", withTexts("a\u0000b\u001b[31mc")),
    urlencoded("a lone NUL", withTexts("\u0000")),
    urlencoded(
      "bad UTF-8 percent-escapes",
      (texts.length ? pairs : keepIntent("x")).map(([k, v]) => `${encodeURIComponent(k)}=${texts.includes(k) || (!texts.length && k !== "intent") ? "%FF%FE%C3%28bad" : encodeURIComponent(v)}`).join("&"),
    ),
    urlencoded("a truncated percent-escape", (texts.length ? pairs : keepIntent("x")).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}%E2%82`).join("&")),
    urlencoded("HTML and script (one field missing)", keepIntent(`${SCRIPT}<img src=x onerror=alert(1)>`)),
    urlencoded("SQL (one field missing)", keepIntent(`'; DROP TABLE users; -- " OR 1=1`)),
    urlencoded("FTS5 syntax (one field missing)", keepIntent(`"pump" NEAR(a b, 2) OR title:* ^x AND -y`)),
    urlencoded("a 10,000-character field name", [...others, ["n".repeat(10_000), "1"]]),
    urlencoded("2,000 unknown fields", [...others, ...Array.from({ length: 2000 }, (_, i): [string, string] => [`f${i}`, "1"])]),
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
        ? urlencoded(label, pairs.map(([k, v]) => [k, entry.numbers!.includes(k) ? value : v]))
        : urlencoded(`${label} (one field missing)`, keepIntent(value)),
    );
  }
  if (intent !== undefined) {
    fields.push(urlencoded("an unknown intent", pairs.map(([k, v]) => [k, k === "intent" ? "drop-tables" : v])));
    fields.push(urlencoded("no intent", pairs.filter(([k]) => k !== "intent")));
  } else {
    fields.push(urlencoded("an unknown intent (one field missing)", [...others, ["intent", "drop-tables"]]));
  }
  return [...notForms, ...fields];
}

let fx: Fixture;
let n = 0;
beforeAll(async () => {
  fx = await setupFixture();
});

describe("every action has hostile-input coverage", () => {
  it("has a form entry for every route file with an action", () => {
    const covered = new Set(FORMS.map((form) => form.file));
    expect(ROUTE_FILES.filter((r) => r.action && !covered.has(r.file)).map((r) => r.file), "add entries in tests/security/forms/*.ts").toEqual([]);
  });

  it("sends at least 30 malformed payloads to every form with fields", () => {
    for (const entry of FORMS.filter((f) => f.required.length)) {
      expect(payloads(entry, { a: "1" }).length, entry.name).toBeGreaterThanOrEqual(30);
    }
  });
});

async function valuesFor(entry: FormEntry): Promise<FormContext> {
  const values = entry.prepare ? await entry.prepare(fx) : {};
  return { fx, values, n: ++n };
}

for (const entry of FORMS) {
  describe(`${entry.file}: ${entry.name}`, () => {
    it("answers every malformed payload with a 4xx and a message, and writes nothing", async () => {
      const ctx = await valuesFor(entry);
      const path = typeof entry.path === "function" ? entry.path(ctx) : entry.path;
      const list = payloads(entry, entry.valid(ctx));
      const before = await snapshot(entry.mayWrite);
      const failures: string[] = [];
      // A few at a time: the Worker is one process, and the payloads are independent.
      for (let i = 0; i < list.length; i += 6) {
        await Promise.all(
          list.slice(i, i + 6).map(async (payload) => {
            const cookie = await cookieFor(fx, entry.role);
            const response = await send(path, { method: "POST", cookie, body: payload.body, contentType: payload.contentType });
            const body = await response.text();
            if (response.status < 400 || response.status >= 500) failures.push(`${payload.name}: ${response.status} ${response.headers.get("Location") ?? ""}`);
            else if (!hasMessage(body)) failures.push(`${payload.name}: ${response.status} without a message`);
            if (body.includes(SCRIPT)) failures.push(`${payload.name}: markup echoed unescaped`);
          }),
        );
      }
      expect(failures).toEqual([]);
      expect(changed(before, await snapshot(entry.mayWrite)), "a refused payload changed stored data").toEqual([]);
    });

    if (entry.shows) {
      it("renders accepted hostile text escaped", async () => {
        const ctx = await valuesFor(entry);
        const path = typeof entry.path === "function" ? entry.path(ctx) : entry.path;
        const fields = Object.fromEntries(Object.entries(entry.valid(ctx)).map(([k, v]) => [k, entry.texts.includes(k) ? HOSTILE_TEXT : v]));
        const response = await send(path, { method: "POST", cookie: await cookieFor(fx, entry.role), form: fields });
        expect(response.status, await response.clone().text().then((t) => t.slice(0, 200))).toBeLessThan(400);
        const page = typeof entry.shows!.page === "function" ? entry.shows!.page(ctx) : entry.shows!.page;
        const shown = await send(page, { cookie: await cookieFor(fx, entry.shows!.role ?? entry.role) });
        const html = await shown.text();
        expect(shown.status).toBe(200);
        expect(html).not.toContain(SCRIPT);
        expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      });
    }
  });
}
