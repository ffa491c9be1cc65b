// Reviews from real deals: only a buyer whose quote was accepted reviews the supplier, once per
// request, by no URL or forged form otherwise; one edit within 30 days; the supplier replies once;
// averages and counts on the company page and the directory; a review can be reported.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import { createCompany, createUser, db, editedElsewhere, get, post, sessionCookie } from "../support/factories";

beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
});

const quoteForm = {
  intent: "quote",
  "unitPrices[0]": "3.5",
  currency: "USD",
  minimumOrder: "10",
  leadTimeDays: "7",
  incoterm: "EXW",
  paymentTerms: "Prepaid",
  validUntil: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
};
const reviewForm = {
  intent: "review",
  described: "5",
  communication: "4",
  delivery: "3",
  comment: "Valves as described, shipped a week late.",
};

/** A request of a new buyer to a new supplier, quoted; accepted unless told otherwise. */
async function deal(name: string, { accept = true } = {}) {
  const { owner, catalog } = await createCompany(name, "free");
  const [product] = await db
    .insert(schema.products)
    .values({ catalogId: catalog.id, title: `${name} valve`, category: "Industrial", price: 4 })
    .returning();
  const buyer = await createUser();
  const buyerCookie = await sessionCookie(buyer.id);
  const supplierCookie = await sessionCookie(owner.id);
  await post(`/request-quote/${product.id}`, { quantity: "20", message: "Price for 20?" }, buyerCookie);
  const [request] = await db.select().from(schema.inquiries).where(eq(schema.inquiries.userId, buyer.id));
  expect((await post(`/requests/${request.id}`, quoteForm, supplierCookie)).status).toBe(302);
  const [quote] = await db.select().from(schema.quotes).where(eq(schema.quotes.inquiryId, request.id));
  if (accept) expect((await post(`/requests/${request.id}`, { intent: "accept", quoteId: quote.id }, buyerCookie)).status).toBe(302);
  return { catalog, request, buyer, buyerCookie, supplierCookie };
}

describe("reviews", () => {
  it("lets the buyer of an accepted quote review once, edit once, and the supplier reply once; the company page shows the averages", async () => {
    const d = await deal("Review Valves");
    expect(await (await get(`/requests/${d.request.id}`, d.buyerCookie)).text()).toContain("Publish review");
    expect((await post(`/requests/${d.request.id}`, reviewForm, d.buyerCookie)).status).toBe(302);
    const again = await post(`/requests/${d.request.id}`, reviewForm, d.buyerCookie);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This deal has a review already.");
    expect((await post(`/requests/${d.request.id}`, { ...reviewForm, intent: "editReview", delivery: "4" }, d.buyerCookie)).status).toBe(
      302,
    );
    expect((await post(`/requests/${d.request.id}`, { ...reviewForm, intent: "editReview", delivery: "1" }, d.buyerCookie)).status).toBe(
      409,
    );
    expect((await post(`/requests/${d.request.id}`, { intent: "replyReview", reply: "Sorry for the delay." }, d.buyerCookie)).status).toBe(
      409,
    );
    expect(
      (await post(`/requests/${d.request.id}`, { intent: "replyReview", reply: "Sorry for the delay." }, d.supplierCookie)).status,
    ).toBe(302);
    expect((await post(`/requests/${d.request.id}`, { intent: "replyReview", reply: "Twice?" }, d.supplierCookie)).status).toBe(409);
    const [review] = await db.select().from(schema.reviews).where(eq(schema.reviews.inquiryId, d.request.id));
    expect(review).toMatchObject({ described: 5, communication: 4, delivery: 4, reply: "Sorry for the delay.", catalogId: d.catalog.id });

    editedElsewhere();
    const page = await (await get(`/companies/${d.catalog.id}`)).text();
    expect(page).toContain("1 review from real deals");
    expect(page).toContain("Valves as described, shipped a week late.");
    expect(page).toContain("Sorry for the delay.");
    expect(page).toMatch(
      /data-testid="review-averages"><ul[^>]*><li>Product as described(<!-- -->)?: <span[^>]*>5\/5<\/span><\/li><li>Communication(<!-- -->)?: <span[^>]*>4\/5/,
    );
    expect(await (await get(`/companies?q=${encodeURIComponent("Review Valves")}`)).text()).toContain("★ 4.3 · 1 reviews");

    // A review can be reported like anything else.
    const reporter = await sessionCookie((await createUser()).id);
    expect(
      (await post("/report", { targetType: "review", targetId: review.id, reason: "offensive", details: "Not about the deal" }, reporter))
        .status,
    ).toBe(302);
  });

  it("refuses a review without an accepted quote, by URL or by a forged form, and writes nothing", async () => {
    const pending = await deal("Unaccepted Valves", { accept: false });
    expect(await (await get(`/requests/${pending.request.id}`, pending.buyerCookie)).text()).not.toContain("Publish review");
    expect((await post(`/requests/${pending.request.id}`, reviewForm, pending.buyerCookie)).status).toBe(409);
    const accepted = await deal("Accepted Valves");
    // Someone else's accepted deal: neither its supplier nor a stranger may review it.
    expect((await post(`/requests/${accepted.request.id}`, reviewForm, accepted.supplierCookie)).status).toBe(409);
    const stranger = await sessionCookie((await createUser()).id);
    expect((await post(`/requests/${accepted.request.id}`, reviewForm, stranger)).status).toBe(404);
    expect((await post(`/requests/${accepted.request.id}`, { ...reviewForm, described: "9" }, accepted.buyerCookie)).status).toBe(400);
    expect(await db.select().from(schema.reviews)).toHaveLength(1);
  });
});
