import * as schema from "../../../db/schema";
import { db } from "../../support/factories";
import { unique, type Fixture } from "../support";
import type { FormEntry } from "../types";

// The forms of the admin content tools: the CMS (page sections and blog posts) and the requests
// for quotation. All are used in admin mode.

async function section() {
  const sectionKey = `sec_${unique()}`;
  await db.insert(schema.cmsContent).values({ sectionKey, title: "Section to edit" });
  return { sectionKey };
}

async function post() {
  const key = unique();
  const [row] = await db
    .insert(schema.cmsBlogPosts)
    .values({ slug: `hostile-${key}`, title: `Post to edit ${key}` })
    .returning();
  return { postId: row.id };
}

async function inquiry(fx: Fixture) {
  const [row] = await db
    .insert(schema.inquiries)
    .values({ userId: fx.users.owner.id, message: "Please quote", source: "request_quote" })
    .returning();
  return { requestId: row.id };
}

const postFields = () => ({
  title: "Letters of credit",
  excerpt: "A short guide",
  content: "Open with the bank.\n\nThen ship.",
  category: "Trade Finance",
  imageUrl: "https://cdn.example.com/post.jpg",
  author: "Maria Lopez",
  readTime: "7 min read",
});
const postTexts = ["title", "excerpt", "content", "category", "author", "readTime"];

export const forms: FormEntry[] = [
  {
    file: "cms.tsx",
    name: "save a page section",
    role: "admin",
    path: "/cms",
    prepare: section,
    valid: ({ values }) => ({
      intent: "updateSection",
      sectionKey: values.sectionKey,
      title: "Trade without borders",
      subtitle: "Subtitle",
      content: "Fresh words",
      imageUrl: "/images/hero.svg",
    }),
    required: ["sectionKey", "intent"],
    texts: ["title", "subtitle", "content"],
    shows: { page: "/cms" },
  },
  {
    file: "cms.tsx",
    name: "create a blog post",
    role: "admin",
    path: "/cms?tab=blog",
    valid: () => ({ intent: "createPost", ...postFields(), publish: "on" }),
    required: ["title", "intent"],
    texts: postTexts,
    // Published: the public blog shows what the editor typed.
    shows: { page: "/blog", role: "visitor" },
  },
  {
    file: "cms.tsx",
    name: "edit a blog post",
    role: "admin",
    path: ({ values }) => `/cms?tab=blog&editPost=${values.postId}`,
    prepare: post,
    valid: ({ values }) => ({ intent: "updatePost", postId: values.postId, ...postFields() }),
    required: ["postId", "title", "intent"],
    texts: postTexts,
    shows: { page: "/cms?tab=blog" },
  },
  {
    file: "cms.tsx",
    name: "publish a blog post",
    role: "admin",
    path: "/cms?tab=blog",
    prepare: post,
    valid: ({ values }) => ({ intent: "publish", postId: values.postId }),
    required: ["postId", "intent"],
    texts: [],
  },
  {
    file: "cms.tsx",
    name: "delete a blog post",
    role: "admin",
    path: "/cms?tab=blog",
    prepare: post,
    valid: ({ values }) => ({ intent: "deletePost", postId: values.postId }),
    required: ["postId", "intent"],
    texts: [],
  },
  {
    file: "admin.requests.tsx",
    name: "move a request for quotation on",
    role: "admin",
    path: "/admin/requests?status=new",
    prepare: inquiry,
    valid: ({ values }) => ({ intent: "setStatus", requestId: values.requestId, status: "answered" }),
    required: ["requestId", "status", "intent"],
    texts: [],
  },
];
