import { and, desc, eq, inArray } from "drizzle-orm";
import { VERIFICATION_REMIND_MS, VERIFICATION_VALID_MS, type BusinessKind } from "~/lib/constants";
import type { NotificationData } from "~/lib/notifications";
import type { SiteUrl } from "~/lib/site";
import { notifyStatements } from "~/models/notifications.server";
import { releaseObjectKeysStatement } from "~/models/pending-objects.server";
import type { Database } from "../../db/client";
import { catalogs, verificationDocuments, verifications } from "../../db/schema";

// Company verification: a supplier applies with the company's registration and documents; an
// admin approves (for a year) or rejects with a reason; the scheduled run reminds a month ahead
// and lapses what expired. The company row carries the verified period the pages show.

export interface VerificationInput {
  registrationNumber: string;
  country: string;
  address: string;
}

export interface StoredDocument {
  objectKey: string;
  filename: string;
  contentType: string;
  size: number;
}

/** Where a verification's supplier reads it. */
const VERIFICATION_LINK_SQL = "'/catalog/' || v.catalog_id || '/verification'";

/** The member's company with its verification state and latest application, or null when not theirs. */
export async function getOwnCompanyTrust(db: Database, userId: string, catalogId: string) {
  const [[company], applications] = await db.batch([
    db
      .select({
        id: catalogs.id,
        companyName: catalogs.companyName,
        businessType: catalogs.businessType,
        verifiedSince: catalogs.verifiedSince,
        verifiedUntil: catalogs.verifiedUntil,
      })
      .from(catalogs)
      .where(and(eq(catalogs.id, catalogId), eq(catalogs.userId, userId)))
      .limit(1),
    db
      .select({
        id: verifications.id,
        status: verifications.status,
        reason: verifications.reason,
        validUntil: verifications.validUntil,
        createdAt: verifications.createdAt,
      })
      .from(verifications)
      .where(and(eq(verifications.catalogId, catalogId), eq(verifications.userId, userId)))
      .orderBy(desc(verifications.createdAt))
      .limit(1),
  ]);
  return company ? { company, latest: applications[0] ?? null } : null;
}

export async function setOwnBusinessType(db: Database, userId: string, catalogId: string, businessType: BusinessKind | null) {
  const rows = await db
    .update(catalogs)
    .set({ businessType })
    .where(and(eq(catalogs.id, catalogId), eq(catalogs.userId, userId)))
    .returning({ id: catalogs.id });
  return rows.length > 0;
}

/**
 * The application and its documents' rows, in one batch that also releases the documents' claimed
 * keys: "applied"; "pending" when one already waits (the unique index on pending applications
 * decides, so two at once cannot both pass); "notFound" when the company is not the member's.
 */
export async function applyForVerification(
  db: Database,
  userId: string,
  catalogId: string,
  input: VerificationInput,
  documents: StoredDocument[],
): Promise<"applied" | "pending" | "notFound"> {
  const d1 = db.$client;
  const id = crypto.randomUUID();
  const now = Date.now();
  try {
    const [inserted] = await d1.batch([
      d1
        .prepare(
          `insert into verifications (id, catalog_id, user_id, registration_number, country, address, status, created_at)
           select ?1, c.id, c.user_id, ?4, ?5, ?6, 'pending', ?7 from catalogs c where c.id = ?2 and c.user_id = ?3`,
        )
        .bind(id, catalogId, userId, input.registrationNumber, input.country, input.address, now),
      ...documents.map((doc) =>
        d1
          .prepare(
            `insert into verification_documents (id, verification_id, object_key, filename, content_type, size, created_at)
             select ?1, ?2, ?3, ?4, ?5, ?6, ?7 where exists (select 1 from verifications where id = ?2)`,
          )
          .bind(crypto.randomUUID(), id, doc.objectKey, doc.filename, doc.contentType, doc.size, now),
      ),
      releaseObjectKeysStatement(
        db,
        "verification-documents",
        documents.map((d) => d.objectKey),
      ),
    ]);
    return (inserted.meta?.changes ?? 0) > 0 ? "applied" : "notFound";
  } catch (error) {
    if (String((error as Error)?.cause ?? error).includes("UNIQUE constraint failed")) return "pending";
    throw error;
  }
}

/** Applications for admins: the waiting ones first, then the newest decided. */
export async function listVerificationsForAdmin(db: Database, limit: number) {
  const rows = await db
    .select({
      id: verifications.id,
      catalogId: verifications.catalogId,
      companyName: catalogs.companyName,
      registrationNumber: verifications.registrationNumber,
      country: verifications.country,
      address: verifications.address,
      status: verifications.status,
      reason: verifications.reason,
      validUntil: verifications.validUntil,
      createdAt: verifications.createdAt,
    })
    .from(verifications)
    .innerJoin(catalogs, eq(catalogs.id, verifications.catalogId))
    .orderBy(desc(eq(verifications.status, "pending")), desc(verifications.createdAt))
    .limit(limit);
  const documents = rows.length
    ? await db
        .select({
          id: verificationDocuments.id,
          verificationId: verificationDocuments.verificationId,
          filename: verificationDocuments.filename,
          size: verificationDocuments.size,
        })
        .from(verificationDocuments)
        .where(
          inArray(
            verificationDocuments.verificationId,
            rows.filter((r) => r.status === "pending").map((r) => r.id),
          ),
        )
    : [];
  return rows.map((row) => ({ ...row, documents: documents.filter((d) => d.verificationId === row.id) }));
}

/** A document for an admin's download, or null. */
export async function getVerificationDocument(db: Database, verificationId: string, documentId: string) {
  const row = await db
    .select()
    .from(verificationDocuments)
    .where(and(eq(verificationDocuments.id, documentId), eq(verificationDocuments.verificationId, verificationId)))
    .get();
  return row ?? null;
}

/**
 * An admin's decision on a waiting application, in one batch: approved, the company is verified
 * for a year (its first verification's date kept as "since"); rejected, with the reason. The
 * supplier is told the outcome either way (and the reason of a rejection). False when the
 * application does not wait (decided already).
 */
export async function decideVerification(
  db: Database,
  id: string,
  decision: { approve: true } | { approve: false; reason: string },
  site: SiteUrl,
  now = Date.now(),
) {
  const d1 = db.$client;
  const validUntil = now + VERIFICATION_VALID_MS;
  const company = await d1
    .prepare("select c.company_name as name from verifications v join catalogs c on c.id = v.catalog_id where v.id = ?1")
    .bind(id)
    .first<{ name: string }>();
  if (!company) return false;
  const told: NotificationData = decision.approve
    ? { context: "approved", company: company.name }
    : { context: "rejected", company: company.name, reason: decision.reason };
  const [decided] = await d1.batch([
    d1
      .prepare(
        "update verifications set status = ?2, reason = ?3, decided_at = ?4, valid_until = ?5 where id = ?1 and status = 'pending' returning catalog_id",
      )
      .bind(
        id,
        decision.approve ? "approved" : "rejected",
        decision.approve ? null : decision.reason,
        now,
        decision.approve ? validUntil : null,
      ),
    ...(decision.approve
      ? [
          d1
            .prepare(
              `update catalogs set verified_since = coalesce(verified_since, ?2), verified_until = ?3
               where id = (select catalog_id from verifications where id = ?1 and status = 'approved' and decided_at = ?2)`,
            )
            .bind(id, now, validUntil),
        ]
      : []),
    ...notifyStatements(
      d1,
      {
        kind: "verification_decision",
        recipientSql: "v.user_id",
        data: told,
        linkSql: VERIFICATION_LINK_SQL,
        fromSql: "from verifications v where v.id = ?1 and v.decided_at = ?2 and v.status in ('approved', 'rejected')",
        params: [id, now],
      },
      site,
      now,
    ),
  ]);
  return decided.results.length > 0;
}

/**
 * The scheduled run's part: suppliers whose verification lapses within a month are told (once),
 * and verifications past their year lapse (the company loses the badge).
 */
export async function remindAndLapseVerifications(db: Database, site: SiteUrl, now = Date.now()) {
  const d1 = db.$client;
  await d1.batch([
    ...notifyStatements(
      d1,
      {
        kind: "verification_expiring",
        recipientSql: "v.user_id",
        dataSql: "json_object('company', (select company_name from catalogs where id = v.catalog_id))",
        linkSql: VERIFICATION_LINK_SQL,
        fromSql: "from verifications v where v.status = 'approved' and v.reminded_at is null and v.valid_until <= ?1",
        params: [now + VERIFICATION_REMIND_MS],
      },
      site,
      now,
    ),
    d1
      .prepare("update verifications set reminded_at = ?2 where status = 'approved' and reminded_at is null and valid_until <= ?1")
      .bind(now + VERIFICATION_REMIND_MS, now),
    d1.prepare("update verifications set status = 'lapsed' where status = 'approved' and valid_until <= ?1").bind(now),
    d1
      .prepare("update catalogs set verified_since = null, verified_until = null where verified_until is not null and verified_until <= ?1")
      .bind(now),
  ]);
}
