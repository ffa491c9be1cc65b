import { memberToSuspend, reportedLeadOfItsOwn } from "../routes/reports";
import type { FormEntry } from "../types";

export const forms: FormEntry[] = [
  {
    file: "report.tsx",
    name: "report a lead",
    role: "free",
    path: "/report",
    valid: ({ fx }) => ({
      targetType: "lead",
      targetId: fx.lead.id,
      reason: "fraud",
      details: "Asked for a deposit",
      returnTo: "/trade-leads",
    }),
    required: ["targetType", "targetId", "reason", "details"],
    texts: ["details"],
    mayWrite: ["rate_limits"],
  },
  {
    file: "admin.reports.tsx",
    name: "hide a reported lead",
    role: "admin",
    path: "/admin/reports",
    prepare: () => reportedLeadOfItsOwn(),
    valid: ({ values }) => ({ intent: "hide", targetType: "lead", targetId: values.leadId, reason: "counterfeit" }),
    required: ["intent", "targetType", "targetId", "reason"],
    texts: [],
  },
  {
    file: "admin.reports.tsx",
    name: "suspend a member",
    role: "admin",
    path: "/admin/reports",
    prepare: memberToSuspend,
    valid: ({ values }) => ({ intent: "suspend", userId: values.userId }),
    required: ["intent", "userId"],
    texts: [],
  },
];
