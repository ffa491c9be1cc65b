// Trade terms of the seeded listings (issue 39): units and MOQs as each trade sells, some with
// two to four price tiers, some on request, lead times, samples, supply, ports, payment terms,
// Incoterms and specification rows. Deterministic: the same listing gets the same terms.
import type { PaymentTerm, ProductUnit } from "../../app/lib/constants";
import type { PriceTier, SpecificationRow } from "../../app/lib/trade-terms";

/**
 * The units a category sells in, each with the MOQs its listings ask: units whose price the
 * category's seeded price range fits (rice by the metric ton, cables by the metre, tiles by the
 * square metre). Agriculture also sells by the 20' container, priced as 20 metric tons.
 */
const UNITS_OF: Record<string, [ProductUnit, number[]][]> = {
  Technology: [
    ["piece", [1, 10, 50, 100]],
    ["set", [5, 20]],
  ],
  Electronics: [
    ["piece", [100, 500, 1000, 5000]],
    ["carton", [10, 50]],
  ],
  Office: [
    ["piece", [50, 200, 1000]],
    ["box", [20, 100]],
    ["set", [10]],
  ],
  Industrial: [
    ["piece", [1, 10, 100]],
    ["set", [1, 5]],
  ],
  Fashion: [
    ["piece", [50, 300, 1000]],
    ["pair", [100, 500]],
    ["dozen", [10, 50]],
  ],
  Healthcare: [
    ["box", [100, 1000]],
    ["piece", [1, 10, 500]],
    ["carton", [20]],
  ],
  Agriculture: [
    ["metric_ton", [1, 5, 25, 100]],
    ["container_20", [1, 2, 5]],
  ],
  "Apparel & Clothing": [
    ["piece", [300, 1000, 3000]],
    ["pair", [500]],
    ["dozen", [50]],
  ],
  Automobiles: [
    ["piece", [20, 100, 500]],
    ["set", [10, 50]],
  ],
  "Beauty & Personal Care": [
    ["piece", [500, 1000, 5000]],
    ["carton", [10, 40]],
    ["litre", [200]],
  ],
  "Business Services": [
    ["piece", [1]],
    ["set", [1, 3]],
  ],
  Chemicals: [["metric_ton", [1, 5, 20]]],
  "Computer Hardware & Software": [
    ["piece", [1, 10, 50, 200]],
    ["set", [5]],
  ],
  "Construction & Real Estate": [
    ["square_metre", [100, 500, 1000]],
    ["metric_ton", [25, 50]],
    ["piece", [1, 20]],
  ],
  "Consumer Electronics": [
    ["piece", [10, 100, 500, 2000]],
    ["carton", [20]],
  ],
  "Electrical & Electronics": [
    ["piece", [100, 1000, 5000]],
    ["metre", [500, 3000]],
    ["roll", [20]],
  ],
  "Energy Products": [
    ["piece", [1, 10, 100]],
    ["set", [1, 5]],
  ],
  Environment: [
    ["set", [1, 2]],
    ["piece", [1, 10]],
    ["metric_ton", [20, 100]],
    ["cubic_metre", [50]],
  ],
};
/** A unit holding many of the price's unit: its price is that many times the seeded one. */
const PRICE_FACTOR: Partial<Record<ProductUnit, number>> = { container_20: 20 };

const PORTS: Record<string, string[]> = {
  China: ["Shenzhen", "Ningbo", "Shanghai"],
  Taiwan: ["Kaohsiung", "Keelung"],
  "South Korea": ["Busan"],
  Japan: ["Osaka", "Yokohama"],
  Poland: ["Gdańsk", "Gdynia"],
  Germany: ["Hamburg", "Bremerhaven"],
  France: ["Le Havre", "Marseille"],
  Italy: ["Genoa", "La Spezia"],
  Turkey: ["Istanbul (Ambarlı)", "Mersin"],
  Australia: ["Melbourne", "Sydney"],
  Thailand: ["Laem Chabang", "Bangkok"],
  Brazil: ["Santos", "Paranaguá"],
  India: ["Nhava Sheva", "Chennai", "Tuticorin"],
  Vietnam: ["Cat Lai (Ho Chi Minh City)", "Hai Phong"],
  Romania: ["Constanța"],
  Indonesia: ["Tanjung Priok (Jakarta)", "Surabaya"],
  "United Arab Emirates": ["Jebel Ali"],
  Netherlands: ["Rotterdam"],
  Mexico: ["Manzanillo", "Veracruz"],
  Spain: ["Valencia", "Barcelona"],
  "United States": ["Houston", "Los Angeles"],
  Canada: ["Vancouver", "Montréal"],
  Nigeria: ["Lagos (Apapa)"],
  Kenya: ["Mombasa"],
};

const PAYMENT_CHOICES: PaymentTerm[][] = [
  ["tt", "lc"],
  ["tt"],
  ["tt", "lc", "dp"],
  ["tt", "paypal", "western_union"],
  ["lc", "da"],
  ["tt", "escrow"],
];
const INCOTERM_CHOICES = [["FOB"], ["FOB", "CIF"], ["EXW", "FOB", "CIF"], ["CFR", "CIF"], ["FOB", "CFR", "CIF", "DAP"], ["EXW", "DDP"]];
const CERTIFICATIONS = ["ISO 9001", "CE", "RoHS", "SGS inspected", "FDA registered", "BSCI"];
const PACKING: Partial<Record<ProductUnit, string>> = {
  piece: "Export carton, 20 pieces each",
  pair: "Individual box, 12 pairs a carton",
  set: "Wooden crate per set",
  dozen: "Polybag per dozen, cartons of 10 dozen",
  box: "Shrink-wrapped pallets of 40 boxes",
  carton: "Palletised, 48 cartons a pallet",
  bag: "50 kg woven polypropylene bags",
  roll: "Rolls on wooden drums",
  kilogram: "25 kg bags or drums",
  metric_ton: "25 kg or 1 t jumbo bags",
  litre: "20 L jerrycans or 1,000 L IBC",
  cubic_metre: "Bulk, by truck",
  metre: "Coils of 100 m",
  square_metre: "Pallets of 60 m²",
  container_20: "Loaded in 20' containers, about 25 t each",
  container_40: "Loaded in 40' containers",
};

/** Two decimals, as prices are written. */
const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * The trade terms of seeded listing `i` (its category, country and lowest unit price; null: on
 * request). The lowest tier price is the seeded price (times PRICE_FACTOR for containers);
 * higher tiers of fewer units cost up to 15 % more.
 */
export function seededTerms(i: number, category: string, country: string | null, price: number | null) {
  const units = UNITS_OF[category] ?? [["piece", [1, 100]]];
  // A spread of the listing's number, so each category's listings (every 18th) vary too.
  const h = Math.imul(i + 1, 2654435761) >>> 0;
  const [unit, moqs] = units[h % units.length];
  const moq = moqs[(h >>> 8) % moqs.length];
  // One tier, two, three or four; none when the price is on request.
  const tierCount = price === null ? 0 : [1, 2, 3, 4, 2, 3][i % 6];
  const unitPrice = price === null ? null : price * (PRICE_FACTOR[unit] ?? 1);
  const steps = [1, 2, 5, 10];
  const priceTiers: PriceTier[] = Array.from({ length: tierCount }, (_, k) => ({
    from: moq * steps[k],
    price: cents(unitPrice! * (1 + 0.05 * (tierCount - 1 - k))),
  }));
  const leadTimes: [number | null, number | null][] = [
    [null, null],
    [7, null],
    [15, 30],
    [20, 45],
    [10, null],
    [30, 60],
  ];
  const [leadTimeMin, leadTimeMax] = leadTimes[i % leadTimes.length];
  const samples = i % 3 === 0;
  const ports = country ? PORTS[country] : undefined;
  const specifications: SpecificationRow[] = [
    { name: "Certification", value: CERTIFICATIONS[i % CERTIFICATIONS.length] },
    { name: "Packing", value: PACKING[unit] ?? "Export packing" },
    ...(country ? [{ name: "Origin", value: country }] : []),
  ];
  return {
    unit,
    moq,
    priceTiers,
    price: priceTiers.length ? Math.min(...priceTiers.map((t) => t.price)) : null,
    priceMax: priceTiers.length > 1 ? Math.max(...priceTiers.map((t) => t.price)) : null,
    leadTimeMin,
    leadTimeMax,
    samples,
    samplePrice: samples && price !== null && i % 2 === 1 ? cents(Math.max(1, Math.min(price * 1.5, 500))) : null,
    supplyPerMonth: i % 4 === 3 ? null : moq * [50, 100, 200][i % 3],
    portOfLoading: ports ? ports[i % ports.length] : null,
    paymentTerms: PAYMENT_CHOICES[i % PAYMENT_CHOICES.length],
    incoterms: INCOTERM_CHOICES[i % INCOTERM_CHOICES.length],
    specifications,
  };
}
