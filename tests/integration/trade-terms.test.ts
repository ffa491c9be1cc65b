// Trade terms on every listing (issue 39): a supplier writes the unit, MOQ, price tiers (or price
// on request), lead time, samples, supply, port, payment terms, Incoterms, specification rows and
// notes in My Catalog, as a plain form post; bad input is refused next to its field with nothing
// written; `price`, `price_max` and `price_usd` follow the tiers on every write; the product page
// shows the tier table with the buyer's tier marked (?quantity=) and JSON-LD offers per tier.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { forgetContentVersion } from "~/entry.worker";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import { createUser, db, get, ORIGIN, sessionCookie } from "../support/factories";
import { fetchWorker } from "../support/worker";

async function supplier() {
  const user = await createUser({ plan: "premium" });
  const cookie = await sessionCookie(user.id);
  const [catalog] = await db.insert(schema.catalogs).values({ userId: user.id, companyName: "Terms Works" }).returning();
  return { user, cookie, catalog, path: `/catalog/${catalog.id}/products/new` };
}
const listingOf = (catalogId: string) => db.select().from(schema.products).where(eq(schema.products.catalogId, catalogId));
const text = async (path: string, cookie?: string) => (await get(path, cookie)).text();

/** The e2e's listing: pieces, an MOQ of 500 and three tiers. */
const TERMS = {
  title: "Hex bolts M8",
  category: "Industrial",
  currency: "USD",
  unit: "piece",
  moq: "500",
  "tiers[0].from": "500",
  "tiers[0].price": "4.20",
  "tiers[1].from": "1000",
  "tiers[1].price": "3.90",
  "tiers[2].from": "5000",
  "tiers[2].price": "3.50",
  leadTimeMin: "15",
  leadTimeMax: "30",
  samples: "on",
  samplePrice: "12",
  supplyPerMonth: "200000",
  portOfLoading: "Ningbo",
  paymentTerms: ["tt", "lc"],
  incoterms: ["FOB", "CIF"],
  "specifications[0].name": "Material",
  "specifications[0].value": "Stainless steel 304",
  "specifications[1].name": "",
  "specifications[1].value": "",
  "specifications[2].name": "Thread",
  "specifications[2].value": "M8 x 1.25",
  tradeNotes: "Custom packing on request",
};

/** A form as a browser posts it without JavaScript (a ticked checkbox list is a name sent once per value). */
function form(fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return body;
}
function post(path: string, body: URLSearchParams, cookie: string) {
  return fetchWorker(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: ORIGIN, Host: "localhost", Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: body.toString(),
  });
}

beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
});

describe("writing trade terms in My Catalog", () => {
  it("saves every term without JavaScript, keeping price, price_max and price_usd from the tiers", async () => {
    const { cookie, catalog, path } = await supplier();
    const added = await post(path, form(TERMS), cookie);
    expect(added.status).toBe(302);
    const [row] = await listingOf(catalog.id);
    expect(row).toMatchObject({
      unit: "piece",
      moq: 500,
      priceTiers: [
        { from: 500, price: 4.2 },
        { from: 1000, price: 3.9 },
        { from: 5000, price: 3.5 },
      ],
      price: 3.5,
      priceMax: 4.2,
      priceUsd: 3.5,
      leadTimeMin: 15,
      leadTimeMax: 30,
      samples: true,
      samplePrice: 12,
      supplyPerMonth: 200000,
      portOfLoading: "Ningbo",
      paymentTerms: ["tt", "lc"],
      incoterms: ["FOB", "CIF"],
      specifications: [
        { name: "Material", value: "Stainless steel 304" },
        { name: "Thread", value: "M8 x 1.25" },
      ],
      tradeNotes: "Custom packing on request",
    });

    // The edit form starts from them: the tiers, the rows and the ticked options.
    const edit = `/catalog/products/${row.id}/edit`;
    const page = await text(edit, cookie);
    for (const [name, value] of [
      ["tiers[1].from", "1000"],
      ["tiers[2].price", "3.5"],
      ["specifications[1].value", "M8 x 1.25"],
      ["portOfLoading", "Ningbo"],
      ["moq", "500"],
    ])
      expect(page).toMatch(new RegExp(`name="${name.replace(/[[\].]/g, "\\$&")}"[^>]*value="${value}"`));
    const ticked = (name: string) =>
      [...page.matchAll(new RegExp(`<input[^>]*name="${name}"[^>]*>`, "g"))]
        .filter(([input]) => input.includes('checked=""'))
        .map(([input]) => input.match(/value="([^"]*)"/)?.[1] ?? "on");
    expect(ticked("paymentTerms")).toEqual(["tt", "lc"]);
    expect(ticked("incoterms")).toEqual(["FOB", "CIF"]);
    expect(ticked("samples")).toHaveLength(1);
    expect(page).toMatch(/<option value="piece" selected="">/);

    // Edited: one tier in yen, a single lead time, no samples; the USD price at the stored rate.
    const saved = await post(
      edit,
      form({
        title: "Hex bolts M8",
        category: "Industrial",
        currency: "JPY",
        unit: "box",
        moq: "10",
        "tiers[0].price": "1540",
        leadTimeMin: "7",
        leadTimeMax: "7",
        "specifications[0].name": "Material",
        "specifications[0].value": "Zinc plated steel",
      }),
      cookie,
    );
    expect(saved.status).toBe(302);
    const [edited] = await listingOf(catalog.id);
    expect(edited).toMatchObject({
      unit: "box",
      moq: 10,
      priceTiers: [{ from: 10, price: 1540 }],
      price: 1540,
      priceMax: null,
      leadTimeMin: 7,
      leadTimeMax: null,
      samples: false,
      samplePrice: null,
      supplyPerMonth: null,
      portOfLoading: null,
      paymentTerms: [],
      incoterms: [],
      specifications: [{ name: "Material", value: "Zinc plated steel" }],
      tradeNotes: null,
    });
    expect(edited.priceUsd).toBeCloseTo(1540 / 154, 9);
  });

  it("keeps price on request: no tiers, or 'price on request' ticked (its tiers left out), with no USD price", async () => {
    const { cookie, catalog, path } = await supplier();
    expect((await post(path, form({ title: "Quote only", category: "Industrial", moq: "20", unit: "set" }), cookie)).status).toBe(302);
    const ticked = { ...TERMS, title: "Ticked", priceOnRequest: "on" };
    expect((await post(path, form(ticked), cookie)).status).toBe(302);
    const rows = await listingOf(catalog.id);
    for (const row of rows) expect(row).toMatchObject({ priceTiers: [], price: null, priceMax: null, priceUsd: null });
    expect(rows.find((r) => r.title === "Quote only")).toMatchObject({ unit: "set", moq: 20 });
    // The first tier's quantity may be left out: it is the MOQ; an MOQ left out is the first tier's.
    const noMoq = { ...TERMS, title: "No MOQ", moq: "" };
    const noFirst = { ...TERMS, title: "No first", "tiers[0].from": "" };
    for (const fields of [noMoq, noFirst]) expect((await post(path, form(fields), cookie)).status).toBe(302);
    for (const title of ["No MOQ", "No first"])
      expect((await listingOf(catalog.id)).find((r) => r.title === title)).toMatchObject({ moq: 500, price: 3.5, priceMax: 4.2 });
  });

  it.each([
    ["tiers out of order", { "tiers[2].from": "800" }, "Each tier must start at a larger quantity than the one before."],
    ["two tiers from one quantity", { "tiers[1].from": "500" }, "Each tier must start at a larger quantity than the one before."],
    [
      "a first tier that is not the MOQ",
      { "tiers[0].from": "100" },
      "The first tier starts at the minimum order: make them the same, or leave one empty.",
    ],
    ["a tier without its price", { "tiers[1].price": "" }, "Please enter this tier&#x27;s unit price."],
    ["a tier without its quantity", { "tiers[1].from": "" }, "Please enter the quantity this tier starts from."],
    ["a price of 0", { "tiers[0].price": "0" }, "Please enter a price above 0, up to 1,000,000,000."],
    ["a price past the cap", { "tiers[2].price": "1000000001" }, "Please enter a price above 0, up to 1,000,000,000."],
    ["a fractional MOQ", { moq: "2.5" }, "Please enter a positive whole number"],
    ["an MOQ past the cap", { moq: "100000001" }, "This number is too large"],
    ["a unit not on the list", { unit: "barrel" }, "Please choose one of the options"],
    [
      "a lead time range upside down",
      { leadTimeMin: "30", leadTimeMax: "15" },
      "The longest lead time cannot be shorter than the shortest.",
    ],
    ["a lead time past a year", { leadTimeMin: "366", leadTimeMax: "" }, "This number is too large"],
    ["a lead time maximum alone", { leadTimeMin: "" }, "Please enter the lead time (the shortest, for a range)."],
    ["a sample price without samples", { samples: "" }, "Tick &#x27;Samples available&#x27; to give a sample price."],
    ["a payment term not on the list", { paymentTerms: ["tt", "bitcoin"] }, "Please choose one of the options"],
    ["an Incoterm not on the list", { incoterms: "FAS" }, "Please choose one of the options"],
    ["a specification without its value", { "specifications[2].value": "" }, "Please give this specification a value."],
    ["a specification value without its name", { "specifications[0].name": "" }, "Please name this specification."],
    ["a specification name on two lines", { "specifications[0].name": "Material\r\nBcc: x@example.com" }, "Please keep this on one line."],
    ["a specification value past 300 characters", { "specifications[0].value": "x".repeat(301) }, "This is too long"],
    ["a port of loading past 100 characters", { portOfLoading: "x".repeat(101) }, "This is too long"],
  ])("refuses %s with 400 and the message next to the field, writing nothing", async (_case, change, message) => {
    const { cookie, catalog, path } = await supplier();
    const fields: Record<string, string | string[]> = { ...TERMS, ...change };
    for (const [key, value] of Object.entries(fields)) if (value === "") delete fields[key];
    const refused = await post(path, form(fields), cookie);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(message);
    // The message sits next to its field (role=alert under the input), and the form keeps what was typed.
    expect(html).toMatch(new RegExp(`role="alert">${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</p>`));
    expect(html).toContain('value="Hex bolts M8"');
    expect(await listingOf(catalog.id)).toEqual([]);
  });

  it("refuses more than 4 tiers and more than 20 specification rows (a crafted form), writing nothing", async () => {
    const { cookie, catalog, path } = await supplier();
    const fiveTiers = { ...TERMS, "tiers[3].from": "10000", "tiers[3].price": "3", "tiers[4].from": "20000", "tiers[4].price": "2" };
    const rows = Object.fromEntries(
      Array.from({ length: 21 }, (_, i) => [
        [`specifications[${i}].name`, `Row ${i}`],
        [`specifications[${i}].value`, "x"],
      ]).flat(),
    );
    for (const fields of [fiveTiers, { ...TERMS, ...rows }]) {
      const refused = await post(path, form(fields), cookie);
      expect(refused.status).toBe(400);
    }
    expect(await listingOf(catalog.id)).toEqual([]);
  });

  it("refuses a bad edit the same way, leaving the listing as it was", async () => {
    const { cookie, catalog, path } = await supplier();
    await post(path, form(TERMS), cookie);
    const [before] = await listingOf(catalog.id);
    const refused = await post(`/catalog/products/${before.id}/edit`, form({ ...TERMS, "tiers[2].from": "900", moq: "600" }), cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("The first tier starts at the minimum order");
    expect((await listingOf(catalog.id))[0]).toEqual(before);
  });
});

describe("the product page", () => {
  async function listed() {
    const { cookie, catalog, path } = await supplier();
    expect((await post(path, form(TERMS), cookie)).status).toBe(302);
    forgetContentVersion();
    const [row] = await listingOf(catalog.id);
    return row;
  }
  const rowsOf = (html: string) =>
    [...html.matchAll(/<tr[^>]*data-testid="(tier|tier-current)"[^>]*>(.*?)<\/tr>/g)].map(([, kind, cells]) => [
      kind,
      cells
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    ]);

  it("shows the tier table, the MOQ with its unit and every term; no tier is marked without a quantity", async () => {
    const row = await listed();
    const html = await text(`/product/${row.id}`);
    expect(rowsOf(html)).toEqual([
      ["tier", "500–999 pieces $4.20"],
      ["tier", "1,000–4,999 pieces $3.90"],
      ["tier", "≥ 5,000 pieces $3.50"],
    ]);
    expect(html).toContain("$3.50 – $4.20 / piece");
    for (const term of [
      "500 pieces",
      "15–30 days",
      "Available, $12.00 each",
      "200,000 pieces per month",
      "Ningbo",
      "T/T (bank transfer), L/C (letter of credit)",
      "FOB, CIF",
      "Custom packing on request",
    ])
      expect(html).toContain(term);
    expect(html).toMatch(/<dt[^>]*>Material<\/dt><dd[^>]*>Stainless steel 304<\/dd>/);
    expect(html).toMatch(/<dt[^>]*>Thread<\/dt><dd[^>]*>M8 x 1.25<\/dd>/);
  });

  it("marks the tier for ?quantity=1200 on the server (JavaScript off), and says so below the MOQ", async () => {
    const row = await listed();
    const html = await text(`/product/${row.id}?quantity=1200`);
    expect(rowsOf(html)).toEqual([
      ["tier", "500–999 pieces $4.20"],
      ["tier-current", "1,000–4,999 pieces $3.90"],
      ["tier", "≥ 5,000 pieces $3.50"],
    ]);
    expect(html).toMatch(/aria-current="true"[^>]*data-testid="tier-current"/);
    expect(html).toContain("For 1,200 pieces: $3.90 each, $4,680.00 in all.");
    expect(html).toMatch(/name="quantity"[^>]*value="1200"/);
    const below = await text(`/product/${row.id}?quantity=100`);
    expect(rowsOf(below).map(([kind]) => kind)).toEqual(["tier", "tier", "tier"]);
    expect(below).toContain("Below the minimum order of 500 pieces.");
    // Anything else is no quantity: the page, unmarked, not an error.
    for (const bad of ["abc", "-5", "1e3", "99999999999"]) {
      const response = await get(`/product/${row.id}?quantity=${bad}`);
      expect(response.status).toBe(200);
      expect(rowsOf(await response.text()).map(([kind]) => kind)).toEqual(["tier", "tier", "tier"]);
    }
  });

  it("carries the tiers in its JSON-LD offers: a unit price each, and the quantities it applies to", async () => {
    const row = await listed();
    const html = await text(`/product/${row.id}`);
    const json = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1];
    const data = JSON.parse(json) as { offers: Record<string, unknown>[] };
    expect(data.offers).toHaveLength(3);
    expect(data.offers[1]).toMatchObject({
      "@type": "Offer",
      price: 3.9,
      priceCurrency: "USD",
      eligibleQuantity: { "@type": "QuantitativeValue", minValue: 1000, maxValue: 4999, unitText: "piece" },
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: 3.9,
        priceCurrency: "USD",
        referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitText: "piece" },
      },
    });
    expect(data.offers[2]).toMatchObject({ eligibleQuantity: { minValue: 5000 } });
    expect((data.offers[2].eligibleQuantity as Record<string, unknown>).maxValue).toBeUndefined();
  });
});
