import { everyone, type RouteRow } from "../types";

export const rows: RouteRow[] = [
  { file: "contact.tsx", name: "the contact page", path: "/contact", expect: everyone(200) },
  {
    file: "contact.tsx",
    name: "send a message",
    method: "POST",
    path: "/contact",
    form: { email: "writer@example.com", name: "Writer", message: "Hello there" },
    expect: everyone({ status: 302, location: "/contact" }),
  },
];
