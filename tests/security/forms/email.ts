import type { FormEntry } from "../types";

const NO_TOKEN = "x".repeat(43);

export const forms: FormEntry[] = [
  {
    file: "verify-email.tsx",
    name: "verify an e-mail address",
    role: "visitor",
    path: "/verify-email",
    valid: () => ({ intent: "verify", token: NO_TOKEN }),
    required: ["intent", "token"],
    texts: [],
  },
  {
    file: "forgot-password.tsx",
    name: "ask for a reset link",
    role: "visitor",
    path: "/forgot-password",
    valid: ({ n }) => ({ email: `nobody-${n}@example.com` }),
    required: ["email"],
    texts: [],
    mayWrite: ["rate_limits"],
  },
  {
    file: "reset-password.tsx",
    name: "set a new password",
    role: "visitor",
    path: `/reset-password?token=${NO_TOKEN}`,
    valid: () => ({ token: NO_TOKEN, password: "new-secret-1", confirmPassword: "new-secret-1" }),
    required: ["token", "password", "confirmPassword"],
    texts: [],
  },
  {
    file: "admin.outbox.tsx",
    name: "send due e-mails now",
    role: "admin",
    path: "/admin/outbox",
    valid: () => ({ intent: "sendDue" }),
    required: ["intent"],
    texts: [],
  },
];
