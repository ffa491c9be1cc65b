import { eq } from "drizzle-orm";
import * as schema from "../../../db/schema";
import { db } from "../../support/factories";
import { memberToSuspend } from "../routes/reports";
import type { FormEntry } from "../types";

// Members & Upgrades: suspending a member and lifting it from the member list (deciding an
// upgrade request is in accounts.ts).
export const forms: FormEntry[] = [
  {
    file: "admin.members.tsx",
    name: "suspend a member from the member list",
    role: "admin",
    path: "/admin/members?q=suspend",
    prepare: memberToSuspend,
    valid: ({ values }) => ({ intent: "suspend", userId: values.userId }),
    required: ["intent", "userId"],
    texts: [],
  },
  {
    file: "admin.members.tsx",
    name: "lift a suspension from the member list",
    role: "admin",
    path: "/admin/members",
    prepare: async () => {
      const { userId } = await memberToSuspend();
      await db.update(schema.users).set({ suspendedAt: new Date() }).where(eq(schema.users.id, userId));
      return { userId };
    },
    valid: ({ values }) => ({ intent: "lift", userId: values.userId }),
    required: ["intent", "userId"],
    texts: [],
  },
];
