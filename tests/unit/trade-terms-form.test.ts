import { describe, expect, it } from "vitest";
import { productInput, ProductSchema } from "~/lib/schemas";

// The listing form's trade terms, as the schema checks them and productInput stores them.
const base = { title: "Hex bolts", category: "Industrial", currency: "USD" };
const parse = (fields: Record<string, unknown>) => ProductSchema.safeParse({ ...base, ...fields });
const stored = (fields: Record<string, unknown>) => {
  const result = parse(fields);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return productInput(result.data);
};
const issues = (fields: Record<string, unknown>) => {
  const result = parse(fields);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("the listing form's trade terms", () => {
  it("starts the first tier at the MOQ, either given, and drops blank rows", () => {
    const tiers = [{ price: "4.2" }, undefined, { from: "1000", price: "3.9" }];
    expect(stored({ moq: "500", tiers })).toMatchObject({
      moq: 500,
      priceTiers: [
        { from: 500, price: 4.2 },
        { from: 1000, price: 3.9 },
      ],
    });
    expect(stored({ tiers: [{ from: "200", price: "5" }] })).toMatchObject({ moq: 200, priceTiers: [{ from: 200, price: 5 }] });
    expect(stored({})).toMatchObject({ moq: 1, unit: "piece", priceTiers: [] });
  });

  it("keeps price on request: ticked, its tiers are left out", () => {
    expect(stored({ moq: "10", priceOnRequest: "on", tiers: [{ price: "4" }] })).toMatchObject({ moq: 10, priceTiers: [] });
  });

  it("refuses tiers out of order, a first tier that is not the MOQ, half rows, and says where", () => {
    expect(issues({ moq: "500", tiers: [{ price: "4" }, { from: "400", price: "3" }] })).toEqual([
      "tiers.1.from: terms.validation.tierOrder",
    ]);
    expect(issues({ moq: "500", tiers: [{ from: "100", price: "4" }] })).toEqual(["tiers.0.from: terms.validation.firstTierFrom"]);
    expect(issues({ tiers: [{ from: "5" }, { price: "3" }] })).toEqual([
      "tiers.0.price: terms.validation.tierPrice",
      "tiers.1.from: terms.validation.tierFrom",
    ]);
    expect(issues({ tiers: Array.from({ length: 5 }, (_, i) => ({ from: String(i + 1), price: "1" })) })).toEqual([
      "tiers: terms.validation.tooManyTiers",
    ]);
  });

  it("stores a lead time range of one day as that day, and a sample price only with samples", () => {
    expect(stored({ leadTimeMin: "7", leadTimeMax: "7" })).toMatchObject({ leadTimeMin: 7, leadTimeMax: undefined });
    expect(stored({ leadTimeMin: "7", leadTimeMax: "20" })).toMatchObject({ leadTimeMin: 7, leadTimeMax: 20 });
    expect(issues({ leadTimeMin: "20", leadTimeMax: "7" })).toEqual(["leadTimeMax: terms.validation.leadTimeOrder"]);
    expect(issues({ leadTimeMax: "7" })).toEqual(["leadTimeMin: terms.validation.leadTimeMin"]);
    expect(issues({ samplePrice: "5" })).toEqual(["samplePrice: terms.validation.samplePrice"]);
    expect(stored({ samples: "on", samplePrice: "5" })).toMatchObject({ samples: true, samplePrice: 5 });
  });

  it("keeps ticked options once each, and refuses one not on the list", () => {
    expect(stored({ paymentTerms: ["tt", "lc", "tt"], incoterms: ["FOB"] })).toMatchObject({
      paymentTerms: ["tt", "lc"],
      incoterms: ["FOB"],
    });
    expect(issues({ incoterms: ["FOB", "XYZ"] })).toEqual(["incoterms.1: validation.chooseOption"]);
  });

  it("keeps filled specification rows in order, refusing half rows and more than 20", () => {
    const rows = [{ name: "Material", value: "Steel" }, undefined, { name: " Thread ", value: "M8" }, {}];
    expect(stored({ specifications: rows }).specifications).toEqual([
      { name: "Material", value: "Steel" },
      { name: "Thread", value: "M8" },
    ]);
    expect(issues({ specifications: [{ name: "Material" }] })).toEqual(["specifications.0.value: terms.validation.specificationValue"]);
    expect(issues({ specifications: Array.from({ length: 21 }, () => ({ name: "a", value: "b" })) })).toEqual([
      "specifications: terms.validation.tooManySpecifications",
    ]);
  });
});
