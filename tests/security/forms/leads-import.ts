import type { FormEntry } from "../types";

// The leads import's upload. The action takes only a multipart form with a file; the format's
// `valid` is string fields, so the submission the payloads are made from is the upload form's
// field as text (`file=leads.csv`), which the action itself refuses (leadsImport.errors.noFile).
// What this covers: every body that is not a form, broken multipart, huge and odd fields get a
// 4xx with a message and store nothing. What it cannot: payloads built from a real file part
// (a malformed CSV, a lying extension…): tests/integration/leads-import.test.ts sends those.
export const forms: FormEntry[] = [
  {
    file: "leads-import._index.tsx",
    name: "upload a file (field as text: the format has no file parts)",
    role: "admin",
    path: "/leads-import?index",
    valid: () => ({ file: "leads.csv" }),
    required: ["file"],
    texts: [],
    upload: { field: "file", filename: "leads.csv", head: "company_name,email\n" },
  },
];
