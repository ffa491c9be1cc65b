import { buyLeadForPaid, openedRequest, ownersRequest, quoteFields } from "../routes/quotes";
import type { FormEntry } from "../types";

export const forms: FormEntry[] = [
  {
    file: "requests.$id.tsx",
    name: "write in a request's thread",
    role: "owner",
    path: ({ values }) => `/requests/${values.id}`,
    prepare: ownersRequest,
    valid: () => ({ intent: "message", body: "When can you ship?" }),
    required: ["intent", "body"],
    texts: ["body"],
    shows: { page: ({ values }) => `/requests/${values.id}` },
  },
  {
    file: "requests.$id.tsx",
    name: "quote a request",
    role: "other",
    path: ({ values }) => `/requests/${values.id}`,
    prepare: openedRequest,
    valid: () => ({ intent: "quote", ...quoteFields() }),
    required: ["intent", "unitPrices[0]", "currency", "minimumOrder", "leadTimeDays", "incoterm", "paymentTerms", "validUntil"],
    texts: ["paymentTerms", "message"],
    numbers: ["unitPrices[0]", "minimumOrder", "leadTimeDays"],
  },
  {
    file: "requests.$id.tsx",
    name: "decline a request",
    role: "other",
    path: ({ values }) => `/requests/${values.id}`,
    prepare: openedRequest,
    valid: () => ({ intent: "decline", reason: "Out of stock" }),
    required: ["intent", "reason"],
    texts: ["reason"],
  },
  {
    file: "trade-leads.$id.quote.tsx",
    name: "quote a buy lead",
    role: "paid",
    path: ({ values }) => `/trade-leads/${values.id}/quote`,
    prepare: buyLeadForPaid,
    valid: () => ({ ...quoteFields(), quantity: "500" }),
    required: ["unitPrices[0]", "currency", "minimumOrder", "leadTimeDays", "incoterm", "paymentTerms", "validUntil", "quantity"],
    texts: ["paymentTerms", "message"],
    numbers: ["unitPrices[0]", "minimumOrder", "leadTimeDays", "quantity"],
  },
];
