// Every route that takes files learns who is asking and whether they may, from the session and the
// URL, before it reads a byte of the body, and refuses a body declared over its limit at once:
// 50 MB posted by someone who may not use the route is answered without being read (eight such
// posts to the verification form once made the Worker hold over a gigabyte).
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import { createCompany, createUser, db, sessionCookie } from "../support/factories";
import { MB, postUnread, PULLED_BEFORE_ANSWER_MAX } from "../support/unread-body";

interface UploadRoute {
  name: string;
  path: string;
  field: string;
  filename: string;
  head: string;
  /** Who owns it (the admin session for the leads import). */
  owner: string;
  /** A signed-in member who may not use it, and the answer they get. */
  stranger: string;
  refused: { status: number; location?: RegExp };
}

const routes: UploadRoute[] = [];

beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
  const { owner, catalog } = await createCompany("Unread Uploads Co", "professional");
  const [product] = await db
    .insert(schema.products)
    .values({ catalogId: catalog.id, title: "Unread valve", category: "Industrial" })
    .returning();
  const ownerCookie = await sessionCookie(owner.id);
  const stranger = await sessionCookie((await createUser({ plan: "free" })).id);
  const pdf = { field: "documents", filename: "registration.pdf", head: "%PDF-1.7\n" };
  const png = { field: "images", filename: "photo.png", head: "\x89PNG\r\n\x1a\n" };
  const notOwner = { stranger, refused: { status: 404 } };
  routes.push(
    { name: "company verification", path: `/catalog/${catalog.id}/verification`, ...pdf, owner: ownerCookie, ...notOwner },
    { name: "add a product", path: `/catalog/${catalog.id}/products/new`, ...png, owner: ownerCookie, ...notOwner },
    { name: "edit a product", path: `/catalog/products/${product.id}/edit`, ...png, owner: ownerCookie, ...notOwner },
    {
      name: "leads import",
      path: "/leads-import?index",
      field: "file",
      filename: "leads.csv",
      head: "company_name,email\n",
      owner: await sessionCookie(null, true),
      stranger,
      refused: { status: 302, location: /^\/admin\/login\?redirectTo=/ },
    },
  );
});

const byName = (name: string) => routes.find((route) => route.name === name)!;
const NAMES = ["company verification", "add a product", "edit a product", "leads import"];

describe.each(NAMES)("%s", (name) => {
  it.each([true, false])("answers 50 MB from someone who may not use it before reading it (length declared: %s)", async (declared) => {
    const route = byName(name);
    for (const cookie of [route.stranger, undefined]) {
      const { response, pulled } = await postUnread({ ...route, cookie, bytes: 50 * MB, declared });
      const label = cookie ? "a member who is not the owner" : "a visitor";
      if (cookie) {
        expect(response.status, label).toBe(route.refused.status);
        if (route.refused.location) expect(response.headers.get("Location"), label).toMatch(route.refused.location);
      } else {
        expect(response.status, label).toBe(302);
        expect(response.headers.get("Location"), label).toMatch(/^\/(auth|admin\/login)\?redirectTo=/);
      }
      expect(pulled, `${label}: bytes read before the answer`).toBeLessThanOrEqual(PULLED_BEFORE_ANSWER_MAX);
    }
  });

  it("refuses its owner's body declared over the limit with 413, before reading it", async () => {
    const route = byName(name);
    const { response, pulled, text } = await postUnread({ ...route, cookie: route.owner, bytes: 64 * MB, declared: true });
    expect(response.status).toBe(413);
    expect(text).toContain("error.formTooLarge");
    expect(pulled).toBeLessThanOrEqual(PULLED_BEFORE_ANSWER_MAX);
  });
});
