import { clearCatalogs, ownerCatalog, ownerProduct } from "../routes/catalogs";
import type { Fixture } from "../support";
import type { FormEntry } from "../types";

// My Catalog's three intents and the add-product and edit-product forms. The add-product action reads a form
// without files (urlencoded) the ordinary way, so its valid submission here is urlencoded: the
// payloads cover the text fields, not the image parts (the authorization row and
// tests/integration/catalogs.test.ts send real images).

const product = () => ({
  title: "Brass valves",
  description: "DN15 to DN50",
  category: "Industrial",
  currency: "USD",
  // Trade terms (issue 39): unit, MOQ, two price tiers, lead time, samples, supply, port, payment
  // terms, Incoterms, a specification row and notes.
  unit: "piece",
  moq: "100",
  "tiers[0].price": "9",
  "tiers[1].from": "1000",
  "tiers[1].price": "2",
  leadTimeMin: "15",
  leadTimeMax: "30",
  samples: "on",
  samplePrice: "5",
  supplyPerMonth: "50000",
  portOfLoading: "Ningbo",
  paymentTerms: "tt",
  incoterms: "FOB",
  "specifications[0].name": "Material",
  "specifications[0].value": "Brass, PN16",
  tradeNotes: "Pressure tested",
});
const PRODUCT_TEXTS = ["title", "description", "portOfLoading", "specifications[0].name", "specifications[0].value", "tradeNotes"];
const PRODUCT_LINES = ["title", "portOfLoading", "specifications[0].name", "specifications[0].value"];
const PRODUCT_NUMBERS = [
  "moq",
  "tiers[0].price",
  "tiers[1].from",
  "tiers[1].price",
  "leadTimeMin",
  "leadTimeMax",
  "samplePrice",
  "supplyPerMonth",
];

/** The image input, for the 64 MB body each form with files gets. */
const PNG_UPLOAD = { field: "images", filename: "photo.png", head: "\x89PNG\r\n\x1a\n" };

export const forms: FormEntry[] = [
  {
    file: "catalog.tsx",
    name: "create a catalog",
    role: "owner",
    path: "/catalog",
    // Room under the free plan's one catalog (and the plans that set the limits).
    prepare: async (fx: Fixture) => {
      await clearCatalogs(fx.users.owner.id);
      return {};
    },
    valid: () => ({
      intent: "createCatalog",
      companyName: "Valve Works",
      businessDescription: "We make valves",
      servicesDescription: "Custom fittings",
      websiteUrl: "https://valves.example.com",
      contactEmail: "sales@valves.example.com",
      contactPhone: "+40 123 456",
    }),
    required: ["intent", "companyName"],
    texts: ["companyName", "businessDescription", "servicesDescription", "contactPhone"],
    lines: ["companyName", "contactPhone"],
    shows: { page: "/catalog" },
  },
  {
    file: "catalog.tsx",
    name: "delete a catalog",
    role: "owner",
    path: "/catalog",
    prepare: (fx: Fixture) => ownerCatalog(fx),
    valid: ({ values }) => ({ intent: "deleteCatalog", catalogId: values.id }),
    required: ["intent", "catalogId"],
    texts: [],
  },
  {
    file: "catalog.tsx",
    name: "delete a catalog product",
    role: "owner",
    path: "/catalog",
    prepare: ownerProduct,
    valid: ({ values }) => ({ intent: "deleteProduct", productId: values.productId }),
    required: ["intent", "productId"],
    texts: [],
  },
  {
    file: "catalog_.$id.products.new.tsx",
    name: "add a product (text fields, urlencoded)",
    role: "owner",
    path: ({ values }) => `/catalog/${values.id}/products/new`,
    prepare: (fx: Fixture) => ownerCatalog(fx),
    valid: product,
    required: ["title", "category"],
    texts: PRODUCT_TEXTS,
    lines: PRODUCT_LINES,
    numbers: PRODUCT_NUMBERS,
    // The company page is public: what the owner typed is shown to everyone there.
    shows: { page: ({ values }) => `/companies/${values.id}`, role: "visitor" },
    upload: PNG_UPLOAD,
  },
  {
    file: "catalog_.products.$productId.edit.tsx",
    name: "edit a product (text fields, urlencoded)",
    role: "owner",
    path: ({ values }) => `/catalog/products/${values.productId}/edit`,
    prepare: ownerProduct,
    valid: ({ values }) => ({ ...product(), mainImage: values.imageUrl }),
    required: ["title", "category"],
    texts: [...PRODUCT_TEXTS, "mainImage"],
    lines: PRODUCT_LINES,
    numbers: PRODUCT_NUMBERS,
    // The product page is public and shows every field the owner typed.
    shows: { page: ({ values }) => `/products/${values.productId}`, role: "visitor" },
    upload: PNG_UPLOAD,
  },
];
