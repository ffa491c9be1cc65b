import { members, type RouteRow } from "../types";

export const rows: RouteRow[] = [
  { file: "notifications.tsx", name: "the member's notifications", path: "/notifications", expect: members(200, "signin") },
  {
    file: "notifications.tsx",
    name: "mark all as read",
    method: "POST",
    path: "/notifications",
    form: { intent: "markAllRead" },
    expect: members({ status: 302, location: "/notifications" }, "signin"),
  },
];
