import type { FormEntry } from "../types";

export const forms: FormEntry[] = [
  {
    file: "notifications.tsx",
    name: "mark all notifications as read",
    role: "owner",
    path: "/notifications",
    valid: () => ({ intent: "markAllRead" }),
    required: ["intent"],
    texts: [],
  },
];
