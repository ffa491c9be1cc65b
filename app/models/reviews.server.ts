import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { REVIEW_EDIT_MS, REVIEWS_SHOWN } from "~/lib/constants";
import type { Database } from "../../db/client";
import { profiles, reviews } from "../../db/schema";

// Reviews from real deals: only the buyer of a request whose quote was accepted reviews its
// supplier, once per request (the unique index on the request decides); they may edit it once
// within 30 days, and the supplier may reply once.

export interface ReviewInput {
  described: number;
  communication: number;
  delivery: number;
  comment: string;
}

/**
 * The buyer's review of a request's supplier: "reviewed"; "already" when the request has one;
 * "notAllowed" when the request is not theirs or its quote was not accepted (nothing is written).
 */
export async function createReview(db: Database, buyerId: string, inquiryId: string, input: ReviewInput) {
  const d1 = db.$client;
  try {
    const inserted = await d1
      .prepare(
        `insert into reviews (id, inquiry_id, catalog_id, buyer_id, described, communication, delivery, comment, created_at)
         select ?3, i.id, i.catalog_id, i.user_id, ?4, ?5, ?6, ?7, ?8 from inquiries i
         where i.id = ?1 and i.user_id = ?2 and i.catalog_id is not null
           and exists (select 1 from quotes q where q.inquiry_id = i.id and q.status = 'accepted')`,
      )
      .bind(inquiryId, buyerId, crypto.randomUUID(), input.described, input.communication, input.delivery, input.comment, Date.now())
      .run();
    return (inserted.meta?.changes ?? 0) > 0 ? ("reviewed" as const) : ("notAllowed" as const);
  } catch (error) {
    if (String((error as Error)?.cause ?? error).includes("UNIQUE constraint failed")) return "already" as const;
    throw error;
  }
}

/** The buyer's one edit, within 30 days of the review; false otherwise (nothing changes). */
export async function editReview(db: Database, buyerId: string, inquiryId: string, input: ReviewInput, now = Date.now()) {
  const rows = await db
    .update(reviews)
    .set({ ...input, editedAt: new Date(now) })
    .where(
      and(
        eq(reviews.inquiryId, inquiryId),
        eq(reviews.buyerId, buyerId),
        sql`${reviews.editedAt} is null`,
        sql`${reviews.createdAt} > ${now - REVIEW_EDIT_MS}`,
      ),
    )
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/** The supplier's one reply to a review of their company, from the request it came from; false otherwise. */
export async function replyToReview(db: Database, supplierId: string, inquiryId: string, reply: string, now = Date.now()) {
  const rows = await db
    .update(reviews)
    .set({ reply, repliedAt: new Date(now) })
    .where(
      and(
        eq(reviews.inquiryId, inquiryId),
        sql`${reviews.reply} is null`,
        // A review an admin hid is not the supplier's to see, nor to answer.
        isNull(reviews.hiddenReason),
        sql`exists (select 1 from inquiries i where i.id = ${reviews.inquiryId} and i.supplier_id = ${supplierId})`,
      ),
    )
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/** A company's averages (one decimal) and count, as SQL for a select over `catalogs`; reviews an admin hid count for nothing. */
export const reviewSummarySql = {
  reviewCount: sql<number>`(select count(*) from reviews r where r.catalog_id = "catalogs"."id" and r.hidden_reason is null)`.mapWith(
    Number,
  ),
  reviewAverage: sql<number | null>`(select round(avg((r.described + r.communication + r.delivery) / 3.0), 1) from reviews r
    where r.catalog_id = "catalogs"."id" and r.hidden_reason is null)`,
};

/** A company's newest reviews with each average, for its page: those an admin did not hide. */
export async function listCompanyReviews(db: Database, catalogId: string) {
  const [summary, rows] = await db.batch([
    db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        described: sql<number | null>`round(avg(${reviews.described}), 1)`,
        communication: sql<number | null>`round(avg(${reviews.communication}), 1)`,
        delivery: sql<number | null>`round(avg(${reviews.delivery}), 1)`,
      })
      .from(reviews)
      .where(and(eq(reviews.catalogId, catalogId), isNull(reviews.hiddenReason))),
    db
      .select({
        id: reviews.id,
        described: reviews.described,
        communication: reviews.communication,
        delivery: reviews.delivery,
        comment: reviews.comment,
        reply: reviews.reply,
        edited: sql<boolean>`${reviews.editedAt} is not null`.mapWith(Boolean).as("review_edited"),
        createdAt: reviews.createdAt,
        buyerName: profiles.fullName,
        buyerCompany: profiles.companyName,
      })
      .from(reviews)
      .leftJoin(profiles, eq(profiles.id, reviews.buyerId))
      .where(and(eq(reviews.catalogId, catalogId), isNull(reviews.hiddenReason)))
      .orderBy(desc(reviews.createdAt))
      .limit(REVIEWS_SHOWN),
  ]);
  return { summary: summary[0], reviews: rows };
}
