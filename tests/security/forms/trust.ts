import { ownersApplication, ownersCompany } from "../routes/trust";
import type { FormEntry } from "../types";

export const forms: FormEntry[] = [
  {
    file: "catalog_.$id.verification.tsx",
    name: "business type",
    role: "owner",
    path: ({ values }) => `/catalog/${values.id}/verification`,
    prepare: ownersCompany,
    valid: () => ({ intent: "businessType", businessType: "distributor" }),
    required: ["intent", "businessType"],
    texts: [],
  },
  {
    file: "catalog_.$id.verification.tsx",
    name: "apply for verification (text fields, refused without documents; documents are tested in trust.test.ts)",
    role: "owner",
    path: ({ values }) => `/catalog/${values.id}/verification`,
    prepare: ownersCompany,
    valid: () => ({ intent: "apply", registrationNumber: "REG-1", country: "Germany", address: "Street 1" }),
    required: ["intent", "registrationNumber", "country", "address"],
    texts: ["registrationNumber", "address"],
    refused: 400,
    upload: { field: "documents", filename: "registration.pdf", head: "%PDF-1.7\n" },
  },
  {
    file: "admin.verifications.tsx",
    name: "reject an application",
    role: "admin",
    path: "/admin/verifications",
    prepare: ownersApplication,
    valid: ({ values }) => ({ intent: "reject", id: values.id, reason: "Blurred scan" }),
    required: ["intent", "id", "reason"],
    texts: ["reason"],
  },
];
