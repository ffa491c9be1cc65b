/**
 * Deterministic demo data: the same rows on every machine, so tests and screenshots agree.
 * Images are local SVGs under public/images; nothing is fetched.
 */
import { ADMIN_TEST_USER_ID, TRADE_LEAD_CATEGORIES } from "../../app/lib/constants";
import { slugify } from "../../app/lib/format";
import type * as schema from "../schema";
import { seededTerms } from "./terms";
import { SECTION_TRANSLATIONS } from "./translations";

export const DEMO_PASSWORD = "TradeDemo2026";

/** The demo accounts, one per profile plan (README lists them). */
export const DEMO_ACCOUNTS = [
  {
    id: seedId(1, 1),
    email: "free@example.com",
    fullName: "Fiona Free",
    companyName: "Free Trading Co.",
    plan: "free",
    country: "Romania",
  },
  {
    id: seedId(1, 2),
    email: "premium@example.com",
    fullName: "Paolo Premium",
    companyName: "Premium Imports Srl",
    plan: "premium",
    country: "Italy",
  },
  {
    id: seedId(1, 3),
    email: "professional@example.com",
    fullName: "Priya Professional",
    companyName: "Pro Exports Pvt Ltd",
    plan: "professional",
    country: "India",
  },
  {
    id: seedId(1, 4),
    email: "enterprise@example.com",
    fullName: "Erik Enterprise",
    companyName: "Enterprise Global AB",
    plan: "enterprise",
    country: "Sweden",
  },
  {
    id: seedId(1, 5),
    email: "admin@example.com",
    fullName: "Ada Admin",
    companyName: "Marketplace Operations",
    plan: "admin",
    country: "United States",
  },
  {
    id: ADMIN_TEST_USER_ID,
    email: "premium-test@example.com",
    fullName: "Premium Test User",
    companyName: "Test Premium Company",
    plan: "premium",
    country: "United States",
  },
] as const;

/** A fixed, UUID-shaped id: table number and row number make it unique and readable. */
export function seedId(table: number, n: number) {
  return `5eed${String(table).padStart(4, "0")}-0000-4000-8000-${String(n).padStart(12, "0")}`;
}

const BASE_TIME = Date.UTC(2026, 9, 15, 12, 0, 0);
const HOUR = 3_600_000;

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The supplier companies behind the demo listings: each has an account (password DEMO_PASSWORD,
 * `supplierNN@example.com`, on the Gold plan), a company (catalog) and its categories, so every
 * product belongs to a company that sells what it lists.
 */
const SUPPLIERS = [
  ["Shenzhen Brightway Electronics", "China", ["Electronics", "Consumer Electronics"]],
  ["Taipei Network Systems", "Taiwan", ["Technology"]],
  ["Seoul Smart Devices", "South Korea", ["Technology", "Computer Hardware & Software"]],
  ["Osaka Office Solutions", "Japan", ["Office"]],
  ["Warsaw Office Furniture", "Poland", ["Office"]],
  ["Hamburg Industrial Supply GmbH", "Germany", ["Industrial"]],
  ["Lyon Precision Tools", "France", ["Industrial"]],
  ["Milano Moda Srl", "Italy", ["Fashion"]],
  ["Istanbul Leather Works", "Turkey", ["Fashion"]],
  ["Melbourne Health Supplies", "Australia", ["Healthcare"]],
  ["Bangkok Rice Mills", "Thailand", ["Agriculture"]],
  ["São Paulo Agro Export", "Brazil", ["Agriculture"]],
  ["Tirupur Knitwear Exports", "India", ["Apparel & Clothing"]],
  ["Ho Chi Minh Garment Co.", "Vietnam", ["Apparel & Clothing"]],
  ["Bucharest Auto Parts", "Romania", ["Automobiles"]],
  ["Jakarta Beauty Labs", "Indonesia", ["Beauty & Personal Care"]],
  ["Dubai General Trading LLC", "United Arab Emirates", ["Business Services"]],
  ["Rotterdam Chemicals BV", "Netherlands", ["Chemicals"]],
  ["Mexico City Construction", "Mexico", ["Construction & Real Estate"]],
  ["Valencia Lighting SL", "Spain", ["Electrical & Electronics"]],
  ["Texas Safety Equipment Inc.", "United States", ["Electrical & Electronics"]],
  ["Toronto Clean Energy", "Canada", ["Energy Products"]],
  ["Lagos Green Recycling", "Nigeria", ["Environment"]],
  ["Nairobi Water Technologies", "Kenya", ["Environment"]],
  // A trading house with offices in many countries names none: its listings show "Global".
  ["Global Sourcing Network", null, ["Business Services", "Environment"]],
] as const;

/** A supplier's account id (table 13) and company id (table 14), by its place in SUPPLIERS. */
const supplierUserId = (i: number) => seedId(13, i + 1);
const supplierCompanyId = (i: number) => seedId(14, i + 1);

/** The supplier accounts, for the seed to give passwords and profiles (README names the first). */
export const SUPPLIER_ACCOUNTS = SUPPLIERS.map(([companyName, country], i) => ({
  id: supplierUserId(i),
  email: `supplier${String(i + 1).padStart(2, "0")}@example.com`,
  fullName: `${companyName.split(" ")[0]} Sales Desk`,
  companyName,
  plan: "professional" as const,
  country,
}));

export function supplierCompanies() {
  return SUPPLIERS.map(([companyName, country, categories], i) => ({
    id: supplierCompanyId(i),
    userId: supplierUserId(i),
    companyName,
    businessDescription: `${companyName} exports ${categories.join(" and ").toLowerCase()} ${country ? `from ${country}` : "from its offices worldwide"} to buyers in more than 40 countries.`,
    servicesDescription: "Samples on request, OEM and private label, inspection before shipment, FOB and CIF terms.",
    websiteUrl: `https://${slugify(companyName)}.example.com`,
    contactEmail: `sales@${slugify(companyName)}.example.com`,
    contactPhone: `+1 555 01${String(i).padStart(2, "0")}`,
    isPremium: true,
    // What each says it is; none is verified: that takes an admin's check of real documents.
    businessType: (["manufacturer", "trading_company", "distributor", "manufacturer"] as const)[i % 4],
    // How each has answered requests before the demo's own (the directory sorts and filters by it);
    // every sixth is new, without a rate yet.
    responseRate: i % 6 === 5 ? null : [96, 88, 74, 92, 81, 67, 99][i % 7],
    responseMinutes: i % 6 === 5 ? null : [35, 240, 600, 90, 180, 1200, 20][i % 7],
    createdAt: new Date(BASE_TIME - 400 * 24 * HOUR + i * HOUR),
  }));
}

/** The suppliers of a category, in SUPPLIERS order, as indexes. */
const suppliersOf = (category: string) =>
  SUPPLIERS.flatMap(([, , categories], i) => ((categories as readonly string[]).includes(category) ? [i] : []));

const CURRENCIES = ["USD", "USD", "USD", "EUR", "GBP", "CNY", "INR", "JPY"] as const;

/** Per category: its image and product names; the Top Searches terms all appear in titles. */
const CATALOG: Record<string, { image: string; names: string[]; price: [number, number] }> = {
  Technology: {
    image: "technology",
    price: [20, 900],
    names: [
      "Wireless Routers",
      "Mesh Wi-Fi Routers",
      "Smart Home Hub",
      "Cloud NAS Storage",
      "Barcode Scanner",
      "POS Terminal",
      "USB-C Docking Station",
      "Industrial IoT Gateway",
    ],
  },
  Electronics: {
    image: "electronics",
    price: [2, 400],
    names: [
      "LED Desk Lamp",
      "Bluetooth Speaker",
      "Power Bank 20000mAh",
      "HDMI Cables",
      "Smart Watch",
      "Solar Garden Lamp",
      "Noise Cancelling Headphones",
      "Lithium Battery Pack",
    ],
  },
  Office: {
    image: "office",
    price: [1, 600],
    names: [
      "Ergonomic Office Chair",
      "Laser Engraving Machine",
      "A4 Copy Paper",
      "Standing Desk Frame",
      "Document Shredder",
      "Whiteboard Markers",
      "Label Printer",
    ],
  },
  Industrial: {
    image: "industrial",
    price: [15, 5000],
    names: [
      "Fire Extinguisher 6kg",
      "CO2 Fire Extinguisher",
      "Hydraulic Pump",
      "Stainless Steel Valves",
      "CNC Engraving Router",
      "Safety Helmets",
      "Air Compressor",
      "Welding Machine",
    ],
  },
  Fashion: {
    image: "fashion",
    price: [3, 250],
    names: [
      "Cotton Tshirts",
      "Printed Tshirts",
      "Leather Shoes",
      "Running Shoes",
      "Denim Jeans",
      "Silk Scarves",
      "Ready-made Garments",
      "Human Hair Wigs",
    ],
  },
  Healthcare: {
    image: "healthcare",
    price: [1, 1500],
    names: ["Nitrile Gloves", "Surgical Masks", "Digital Thermometer", "Pulse Oximeter", "Hospital Beds", "First Aid Kits", "Wheelchairs"],
  },
  Agriculture: {
    image: "agriculture",
    price: [300, 2000],
    names: [
      "Basmati Rice",
      "Jasmine Rice",
      "Golden Raisins",
      "Black Raisins",
      "Green Coffee Beans",
      "Organic Cashew Nuts",
      "Yellow Maize",
      "Black Pepper",
    ],
  },
  "Apparel & Clothing": {
    image: "apparel",
    price: [2, 120],
    names: ["Polo Tshirts", "Workwear Garments", "Children's Garments", "Wool Sweaters", "Sports Shoes", "Lace Front Hair Wigs"],
  },
  Automobiles: {
    image: "automobiles",
    price: [10, 3000],
    names: ["Brake Pads", "Car Headlamp", "Alloy Wheels", "Truck Tyres", "Engine Oil Filters", "LED Headlight Bulbs"],
  },
  "Beauty & Personal Care": {
    image: "beauty",
    price: [2, 90],
    names: ["Synthetic Hair Wigs", "Argan Oil Shampoo", "Organic Face Cream", "Nail Polish Set", "Makeup Brushes"],
  },
  "Business Services": {
    image: "business",
    price: [50, 5000],
    names: [
      "Laser Engraving Service",
      "Freight Forwarding",
      "Product Inspection Service",
      "Trade Show Booth Design",
      "Export Documentation Service",
    ],
  },
  Chemicals: {
    image: "chemicals",
    price: [100, 3000],
    names: ["Caustic Soda Flakes", "Citric Acid", "Titanium Dioxide", "Industrial Solvents", "PVC Resin"],
  },
  "Computer Hardware & Software": {
    image: "computers",
    price: [20, 2500],
    names: ["Gaming Laptops", "Network Routers", "SSD Drives 1TB", "Mechanical Keyboards", "ERP Software Licence"],
  },
  "Construction & Real Estate": {
    image: "construction",
    price: [5, 900],
    names: ["Steel Rebar", "Ceramic Floor Tiles", "Portland Cement", "Aluminium Windows", "Prefab Houses"],
  },
  "Consumer Electronics": {
    image: "consumer-electronics",
    price: [10, 1200],
    names: ["4K Smart TV", "Wireless Earbuds", "Bedside Lamp", "Digital Camera", "Robot Vacuum"],
  },
  "Electrical & Electronics": {
    image: "electrical",
    price: [1, 800],
    names: ["Circuit Breakers", "Copper Cables", "LED Floor Lamp", "Transformers", "Switch Sockets"],
  },
  "Energy Products": {
    image: "energy",
    price: [50, 9000],
    names: ["Solar Panels 450W", "Lithium Storage Battery", "Diesel Generator", "Wind Turbine Blades", "Solar Street Lamp"],
  },
  Environment: {
    image: "environment",
    price: [30, 7000],
    names: ["Water Purification Plant", "Recycling Bins", "Air Quality Monitor", "Wastewater Pumps", "Compost Machines"],
  },
};

/** The categories the seed fills (each one of the listing categories). */
export const SEED_CATEGORIES = Object.keys(CATALOG);
export const PRODUCT_COUNT = 432;

const QUALIFIERS = ["Premium", "Wholesale", "Export Quality", "Bulk", "OEM", "Certified", "Eco", "Heavy Duty", "Custom", "New"];

function products() {
  const rand = random(42);
  const rows = [];
  for (let i = 0; i < PRODUCT_COUNT; i++) {
    const category = SEED_CATEGORIES[i % SEED_CATEGORIES.length];
    const entry = CATALOG[category];
    const name = entry.names[Math.floor(i / SEED_CATEGORIES.length) % entry.names.length];
    const qualifier = QUALIFIERS[Math.floor(rand() * QUALIFIERS.length)];
    const sellers = suppliersOf(category);
    const seller = sellers[Math.floor(rand() * sellers.length)];
    const [company, country] = SUPPLIERS[seller];
    const [low, high] = entry.price;
    const price = Math.round((low + rand() * (high - low)) * 100) / 100;
    rows.push({
      id: i + 1,
      title: `${qualifier} ${name}`,
      category,
      description: `${qualifier} ${name.toLowerCase()} supplied by an experienced ${category.toLowerCase()} manufacturer. Minimum order quantities are flexible, samples are available and every shipment is inspected before export.`,
      currency: CURRENCIES[i % CURRENCIES.length],
      ...seededTerms(i, category, country, i % 11 === 5 ? null : price),
      imageUrl: i % 9 === 4 ? null : `/images/products/${entry.image}.svg`,
      imageUrls: i % 9 === 4 ? [] : [`/images/products/${entry.image}.svg`],
      catalogId: supplierCompanyId(seller),
      companyName: company,
      country,
      createdAt: new Date(BASE_TIME - i * HOUR),
    });
  }
  return rows;
}

export const membershipPlans = () => [
  {
    id: seedId(2, 1),
    name: "free",
    displayName: "Free",
    priceMonthly: 0,
    priceYearly: 0,
    features: ["membership.features.postLeads", "membership.features.browseProducts"],
    maxCatalogs: 1,
    maxProductsPerCatalog: 10,
    prioritySupport: false,
    featured: false,
    sortOrder: 1,
  },
  {
    id: seedId(2, 2),
    name: "silver",
    displayName: "Silver",
    priceMonthly: 29,
    priceYearly: 290,
    features: ["membership.features.leadContacts", "membership.features.forum"],
    maxCatalogs: 3,
    maxProductsPerCatalog: 50,
    prioritySupport: false,
    featured: false,
    sortOrder: 2,
  },
  {
    id: seedId(2, 3),
    name: "gold",
    displayName: "Gold",
    priceMonthly: 79,
    priceYearly: 790,
    features: ["membership.features.leadContacts", "membership.features.forum"],
    maxCatalogs: 10,
    maxProductsPerCatalog: 200,
    prioritySupport: true,
    featured: true,
    sortOrder: 3,
  },
  {
    id: seedId(2, 4),
    name: "platinum",
    displayName: "Platinum",
    priceMonthly: 199,
    priceYearly: 1990,
    features: ["membership.features.leadContacts", "membership.features.forum", "membership.features.accountManager"],
    maxCatalogs: 100,
    maxProductsPerCatalog: 1000,
    prioritySupport: true,
    featured: false,
    sortOrder: 4,
  },
];

export const cmsContent = () => [
  {
    id: seedId(3, 1),
    sectionKey: "hero",
    title: "Your Key To Global Trade",
    subtitle: "Connect with over 11 million importers and exporters",
    content: "Source products, publish buy requests and meet verified suppliers in more than 190 countries.",
    imageUrl: "/images/hero.svg",
    metadata: { cta_primary: "Join as Buyer", cta_secondary: "Join as Supplier" },
  },
  {
    id: seedId(3, 2),
    sectionKey: "trade_blog",
    title: "Trade News & Insights",
    subtitle: "Market updates, sourcing guides and export tips from our editors",
    content: null,
    imageUrl: null,
    metadata: null,
  },
  {
    id: seedId(3, 3),
    sectionKey: "email_marketing",
    title: "Reach 11 million buyers by e-mail",
    subtitle: "Targeted campaigns for suppliers",
    content: "Send your catalog to verified importers in your sector and track every open and reply.",
    imageUrl: null,
    metadata: { cta: "Start a campaign" },
  },
  {
    id: seedId(3, 4),
    sectionKey: "premium_services",
    title: "Premium Services",
    subtitle: "Everything you need to trade across borders",
    content: null,
    imageUrl: null,
    metadata: null,
  },
  {
    id: seedId(3, 5),
    sectionKey: "success_stories",
    title: "Success Stories",
    subtitle: "Traders who grew with us",
    content: "Within three months we found two distributors in Europe and doubled our export volume. — Anita Rao, Chennai Hair Exports",
    imageUrl: null,
    metadata: null,
  },
  {
    id: seedId(3, 6),
    sectionKey: "what_we_do",
    title: "What We Do",
    subtitle: "A trusted meeting place for global trade",
    content: "We verify suppliers, match buyers with the right manufacturers and support every step from the first inquiry to delivery.",
    imageUrl: null,
    metadata: null,
  },
  {
    id: seedId(3, 7),
    sectionKey: "our_goals",
    title: "Our Goals",
    subtitle: "Fair, transparent and fast trade for every business",
    content: "Make cross-border sourcing as simple as buying locally, help small exporters reach new markets and keep every trade safe.",
    imageUrl: null,
    metadata: null,
  },
  {
    id: seedId(3, 8),
    sectionKey: "best_services",
    title: "Best Services",
    subtitle: "Chosen by our members",
    content: "Supplier verification, trade finance, logistics and market research from one account.",
    imageUrl: null,
    metadata: null,
  },
  {
    id: seedId(3, 9),
    sectionKey: "country_portals",
    title: "Our Country Portals",
    subtitle: "Trade in your own language",
    content: null,
    imageUrl: null,
    metadata: null,
  },
];

/** The home page's sections in every other language, by the originals' ids. */
export function cmsContentTranslations(): (typeof schema.cmsContentTranslations.$inferInsert)[] {
  const ids = new Map(cmsContent().map((section) => [section.sectionKey, section.id]));
  return Object.entries(SECTION_TRANSLATIONS).flatMap(([sectionKey, languages]) =>
    Object.entries(languages).map(([language, texts]) => ({
      contentId: ids.get(sectionKey)!,
      language,
      title: texts.title,
      subtitle: texts.subtitle,
      content: texts.content,
      metadata: texts.metadata ?? null,
      updatedAt: new Date(BASE_TIME),
    })),
  );
}

const ARTICLE_TOPICS = [
  ["How to verify a new supplier before the first order", "Sourcing"],
  ["Incoterms 2020 explained for first-time importers", "Logistics"],
  ["Five markets where demand for solar panels is rising", "Market Research"],
  ["Letters of credit versus open account: what to choose", "Trade Finance"],
  ["Preparing export documents without delays at customs", "Customs"],
  ["Writing an RFQ that suppliers answer the same day", "Sourcing"],
  ["Container freight rates: what to expect this quarter", "Logistics"],
  ["Meeting buyers at online tradeshows", "Marketing"],
  ["Draft: planning our spring sourcing event", "Events"],
  ["Draft: supplier of the month interview", "Community"],
];

export function blogPosts() {
  return ARTICLE_TOPICS.map(([title, category], i) => ({
    id: seedId(4, i + 1),
    kind: "blog" as const,
    slug: slugify(title),
    title,
    excerpt: `${title}: a practical guide for importers and exporters.`,
    content: `${title}. This article walks through the steps our members use every day, with checklists and examples from real trades.`,
    category,
    imageUrl: `/images/blog/${(i % 4) + 1}.svg`,
    author: i % 3 === 0 ? "Admin" : "Editorial Team",
    readMinutes: 4 + (i % 5),
    isPublished: !title.startsWith("Draft:"),
    publishDate: new Date(BASE_TIME - i * 24 * HOUR),
    createdAt: new Date(BASE_TIME - i * 24 * HOUR),
  }));
}

const NEWS_TITLES = [
  "Global container volumes up 4% year on year",
  "New free trade agreement cuts tariffs on textiles",
  "Rice export prices stabilise after record harvest",
  "Electronics makers diversify supply chains across Asia",
  "EU simplifies customs declarations for small shipments",
  "Demand for fire safety equipment grows in the Gulf",
];

export function newsArticles() {
  return NEWS_TITLES.map((title, i) => ({
    id: seedId(5, i + 1),
    kind: "news" as const,
    title,
    excerpt: `${title}. What it means for buyers and suppliers on the marketplace.`,
    content: `${title}. Analysts expect the change to affect sourcing decisions over the next two quarters.`,
    category: "Trade News",
    imageUrl: `/images/blog/${(i % 4) + 1}.svg`,
    author: "Newsdesk",
    readMinutes: 3 + (i % 3),
    isPublished: true,
    publishDate: new Date(BASE_TIME - i * 12 * HOUR),
    createdAt: new Date(BASE_TIME - i * 12 * HOUR),
  }));
}

export function tradeLeads() {
  const owners = DEMO_ACCOUNTS.map((a) => a.id);
  const rows = [];
  let n = 0;
  for (const category of TRADE_LEAD_CATEGORIES) {
    for (const leadType of ["buy", "sell", "buy"] as const) {
      n++;
      const [company, country] = SUPPLIERS[n % SUPPLIERS.length];
      rows.push({
        id: seedId(6, n),
        userId: owners[n % owners.length],
        leadType,
        title: `${leadType === "buy" ? "Looking for" : "Offering"} ${category.toLowerCase()} products, lot ${n}`,
        description: `${leadType === "buy" ? "We want to buy" : "We can supply"} ${category.toLowerCase()} goods in regular monthly volumes. Quotes with delivery terms welcome.`,
        category,
        quantity: `${(n % 9) + 1} containers`,
        location: country,
        contactInfo: `${company} · trade${n}@example.com · +1 555 01${String(n).padStart(2, "0")}`,
        isActive: n % 8 !== 0,
        createdAt: new Date(BASE_TIME - n * 5 * HOUR),
        updatedAt: new Date(BASE_TIME - n * 5 * HOUR),
      });
    }
  }
  return rows;
}

const FORUM = [
  {
    name: "General Trade Discussion",
    description: "Everything about importing and exporting",
    topics: ["Welcome! Read this before posting", "Best payment terms with new suppliers?", "Which trade shows are worth it this year?"],
  },
  {
    name: "Product Sourcing",
    description: "Find suppliers and ask about products",
    topics: ["Reliable rice exporters in Thailand?", "Minimum order quantities for Tshirts", "Checking solar panel certificates"],
  },
  {
    name: "Logistics & Shipping",
    description: "Freight, customs and delivery",
    topics: ["Sea freight or air freight for electronics?", "Customs delays in Rotterdam"],
  },
  {
    name: "Market Insights",
    description: "Trends, prices and forecasts",
    topics: ["Raisin prices this season", "Outlook for hair wig demand in Africa"],
  },
];

export function forum() {
  const categories: (typeof schema.forumCategories.$inferInsert)[] = [];
  const topics: (typeof schema.forumTopics.$inferInsert)[] = [];
  const replies: (typeof schema.forumReplies.$inferInsert)[] = [];
  const authors = [seedId(1, 2), seedId(1, 3), seedId(1, 4), ADMIN_TEST_USER_ID];
  let topicNumber = 0;
  let replyNumber = 0;
  FORUM.forEach((category, c) => {
    const categoryId = seedId(7, c + 1);
    categories.push({ id: categoryId, name: category.name, description: category.description, sortOrder: c + 1, isActive: true });
    category.topics.forEach((title, t) => {
      topicNumber++;
      const topicId = seedId(8, topicNumber);
      const replyCount = (topicNumber % 3) + 1;
      topics.push({
        id: topicId,
        categoryId,
        userId: authors[topicNumber % authors.length],
        title,
        content: `${title} I would like to hear how other members handle this.`,
        isPinned: t === 0 && c === 0,
        isLocked: topicNumber === 5,
        repliesCount: replyCount,
        viewsCount: 10 + topicNumber * 7,
        createdAt: new Date(BASE_TIME - topicNumber * 9 * HOUR),
        lastActivityAt: new Date(BASE_TIME - topicNumber * 9 * HOUR + replyCount * HOUR),
      });
      for (let r = 0; r < replyCount; r++) {
        replyNumber++;
        replies.push({
          id: seedId(9, replyNumber),
          topicId,
          userId: authors[(topicNumber + r + 1) % authors.length],
          content: `Good question. In our experience the answer depends on volume; reply ${r + 1}.`,
          createdAt: new Date(BASE_TIME - topicNumber * 9 * HOUR + (r + 1) * HOUR),
        });
      }
    });
  });
  return { categories, topics, replies };
}

export function privateMessages() {
  const [premium, professional, enterprise] = [seedId(1, 2), seedId(1, 3), seedId(1, 4)];
  return [
    {
      id: seedId(10, 1),
      senderId: professional,
      receiverId: premium,
      subject: "Rice shipment",
      content: "Can you quote 2 containers of basmati rice for March?",
      isRead: false,
      createdAt: new Date(BASE_TIME - 2 * HOUR),
    },
    {
      id: seedId(10, 2),
      senderId: premium,
      receiverId: professional,
      subject: "Re: Rice shipment",
      content: "Yes, I will send the quote tomorrow.",
      isRead: true,
      createdAt: new Date(BASE_TIME - HOUR),
    },
    {
      id: seedId(10, 3),
      senderId: enterprise,
      receiverId: premium,
      subject: "Partnership",
      content: "We would like to distribute your products in Scandinavia.",
      isRead: false,
      createdAt: new Date(BASE_TIME - 3 * HOUR),
    },
  ];
}

/** Demo supplier catalogs for the companies directory; images are the local category SVGs. */
const DEMO_CATALOGS = [
  {
    owner: seedId(1, 2),
    companyName: "Premium Imports Srl",
    businessDescription: "Importer and distributor of consumer electronics and lighting for retailers across Southern Europe.",
    servicesDescription: "Private labelling, consolidated shipping from Shenzhen and Ningbo, EU compliance checks.",
    websiteUrl: "https://premium-imports.example.com",
    contactEmail: "sales@premium-imports.example.com",
    contactPhone: "+39 02 5550 1234",
    products: [
      {
        name: "LED Desk Lamp, dimmable",
        category: "Electronics",
        image: "electronics",
        price: [6, 9],
        unit: "piece",
        moq: 500,
        specs: { Power: "8 W", "Colour temperature": "3000-6500 K", Warranty: "2 years" },
      },
      {
        name: "Wireless Mesh Router",
        category: "Technology",
        image: "technology",
        price: [28, 35],
        unit: "piece",
        moq: 200,
        specs: { Standard: "Wi-Fi 6", Ports: "3 × Gigabit" },
      },
      {
        name: "Solar Garden Lamp",
        category: "Energy Products",
        image: "energy",
        price: [2, 3],
        unit: "piece",
        moq: 1000,
        notes: "Weatherproof IP65 housing. Mixed colours available on request.",
      },
    ],
  },
  {
    owner: seedId(1, 3),
    companyName: "Pro Exports Pvt Ltd",
    businessDescription: "Exporter of cotton garments, spices and rice from India since 2004.",
    servicesDescription: "Custom knitting and printing, private label packing, FOB and CIF shipping.",
    websiteUrl: "https://pro-exports.example.com",
    contactEmail: "export@pro-exports.example.com",
    contactPhone: "+91 22 5550 9876",
    products: [
      {
        name: "Organic Cotton Tshirts",
        category: "Apparel & Clothing",
        image: "apparel",
        price: [3, 5],
        unit: "piece",
        moq: 1000,
        specs: { Fabric: "180 gsm organic cotton", Sizes: "S-XXL", Certification: "GOTS" },
      },
      {
        name: "Basmati Rice 1121",
        category: "Agriculture",
        image: "agriculture",
        price: [950, 1100],
        unit: "metric_ton",
        moq: 25,
        notes: "Aged 12 months, sortex cleaned, packed in 25 kg bags.",
      },
    ],
  },
] as const;

export function catalogs() {
  return DEMO_CATALOGS.map((c, i) => ({
    id: seedId(11, i + 1),
    userId: c.owner,
    companyName: c.companyName,
    businessDescription: c.businessDescription,
    servicesDescription: c.servicesDescription,
    websiteUrl: c.websiteUrl,
    contactEmail: c.contactEmail,
    contactPhone: c.contactPhone,
    isPremium: true,
    createdAt: new Date(BASE_TIME - (i + 1) * 24 * HOUR),
  }));
}

/** Every seeded listing: the suppliers' and then the demo members' own. */
export const listings = () => [...products(), ...catalogListings()];

/** The demo members' own listings, after the supplier listings (ids from PRODUCT_COUNT + 1). */
function catalogListings() {
  let n = PRODUCT_COUNT;
  return DEMO_CATALOGS.flatMap((c, i) => {
    const owner = DEMO_ACCOUNTS.find((a) => a.id === c.owner)!;
    return c.products.map((p, j) => ({
      id: ++n,
      catalogId: seedId(11, i + 1),
      title: p.name,
      description: `${p.name} from ${c.companyName}, ready for export.`,
      category: p.category,
      currency: "USD",
      ...seededTerms(n, p.category, owner.country, p.price[0]),
      // Its own unit and MOQ, and two tiers: the higher price from the MOQ, the lower from five times it.
      unit: p.unit,
      moq: p.moq,
      priceTiers: [
        { from: p.moq, price: p.price[1] },
        { from: p.moq * 5, price: p.price[0] },
      ],
      price: p.price[0],
      priceMax: p.price[1],
      specifications: "specs" in p ? Object.entries(p.specs).map(([name, value]) => ({ name, value })) : null,
      tradeNotes: "notes" in p ? p.notes : null,
      imageUrl: `/images/products/${p.image}.svg`,
      imageUrls: [`/images/products/${p.image}.svg`],
      companyName: c.companyName,
      country: owner.country,
      createdAt: new Date(BASE_TIME - (i + 1) * 24 * HOUR + (j + 1) * HOUR),
    }));
  });
}
