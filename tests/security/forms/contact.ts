import type { FormEntry } from "../types";

export const forms: FormEntry[] = [
  {
    file: "contact.tsx",
    name: "contact form",
    role: "visitor",
    path: "/contact",
    valid: () => ({
      email: "writer@example.com",
      name: "Writer",
      companyName: "Writer Co",
      phone: "+40 1",
      country: "Romania",
      businessActivity: "supplier",
      message: "Hello there",
    }),
    required: ["email", "name", "message"],
    texts: ["name", "companyName", "phone", "country", "message"],
    lines: ["name", "companyName", "phone", "country"],
    mayWrite: ["rate_limits"],
    shows: { page: "/admin/messages", role: "admin" },
  },
];
