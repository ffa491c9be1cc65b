import { count, desc, eq, sql } from "drizzle-orm";
import { IMPORTED_LEADS_PAGE_SIZE, RECENT_UPLOADS_SHOWN } from "~/lib/constants";
import { chunk, rowsPerStatement, type ParsedLead } from "~/lib/lead-csv";
import type { Database } from "../../db/client";
import { leads, uploadedFiles } from "../../db/schema";

export type UploadedFile = typeof uploadedFiles.$inferSelect;
export type UploadStatus = "uploaded" | "imported" | "failed";

/** Imported leads, newest import first and each file's rows in file order (see insertion below). */
export function listImportedLeads(db: Database, page: number) {
  return db
    .select({
      id: leads.id,
      companyName: leads.companyName,
      contactName: leads.contactName,
      email: leads.email,
      phone: leads.phone,
      country: leads.country,
      industry: leads.industry,
      status: leads.status,
      notes: leads.notes,
    })
    .from(leads)
    .orderBy(desc(leads.createdAt), sql`${leads}.rowid desc`)
    .limit(IMPORTED_LEADS_PAGE_SIZE)
    .offset((page - 1) * IMPORTED_LEADS_PAGE_SIZE);
}

export async function countImportedLeads(db: Database) {
  const [{ n }] = await db.select({ n: count() }).from(leads);
  return n;
}

export function listRecentUploads(db: Database) {
  return db
    .select({ id: uploadedFiles.id, filename: uploadedFiles.filename, uploadDate: uploadedFiles.uploadDate, status: uploadedFiles.status })
    .from(uploadedFiles)
    .orderBy(desc(uploadedFiles.uploadDate), desc(uploadedFiles.id))
    .limit(RECENT_UPLOADS_SHOWN);
}

export async function findUpload(db: Database, id: string) {
  return (await db.select().from(uploadedFiles).where(eq(uploadedFiles.id, id)).get()) ?? null;
}

const LEAD_COLUMNS = "id, user_id, company_name, contact_name, email, phone, country, industry, status, notes, created_at";
export const LEAD_INSERT_PARAMETERS = LEAD_COLUMNS.split(",").length;
/** D1 binds at most 100 parameters per statement: 11 per lead, so 9 leads per INSERT. */
export const LEADS_PER_INSERT = rowsPerStatement(LEAD_INSERT_PARAMETERS);

const ROW_PLACEHOLDERS = `(${"?,".repeat(LEAD_INSERT_PARAMETERS - 1)}?)`;
const insertSqlByRows = new Map<number, string>();
function insertSql(rows: number) {
  let text = insertSqlByRows.get(rows);
  if (!text) {
    text = `insert into leads (${LEAD_COLUMNS}) values ${Array(rows).fill(ROW_PLACEHOLDERS).join(",")}`;
    insertSqlByRows.set(rows, text);
  }
  return text;
}

/**
 * The INSERTs of a file's leads, each within D1's parameter limit. Rows go in last-to-first, so
 * that the list's order (created_at, then rowid, both descending: one index scan) shows them in
 * file order.
 */
export function leadInserts(userId: string | null, rows: ParsedLead[], createdAt: number) {
  const reversed = rows.slice().reverse();
  return chunk(reversed, LEADS_PER_INSERT).map((part) => ({
    sql: insertSql(part.length),
    params: part.flatMap((r) => [
      crypto.randomUUID(),
      userId,
      r.companyName,
      r.contactName,
      r.email,
      r.phone,
      r.country,
      r.industry,
      r.status,
      r.notes,
      createdAt,
    ]),
  }));
}

export interface UploadRecord {
  id: string;
  userId: string | null;
  filename: string;
  fileType: string;
  fileSize: number;
  objectKey: string;
  status: UploadStatus;
}

/**
 * Records an upload and inserts its leads in ONE batch: D1 runs a batch as a transaction, so a
 * failing statement leaves neither the record nor any of the file's leads.
 */
export async function recordUpload(db: Database, upload: UploadRecord, rows: ParsedLead[]) {
  const d1 = db.$client;
  const now = Date.now();
  await d1.batch([
    d1
      .prepare(
        "insert into uploaded_files (id, user_id, filename, file_type, file_size, file_url, object_key, upload_date, status) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .bind(
        upload.id,
        upload.userId,
        upload.filename,
        upload.fileType,
        upload.fileSize,
        `/leads-import/files/${upload.id}`,
        upload.objectKey,
        now,
        upload.status,
      ),
    ...leadInserts(upload.userId, rows, now).map((statement) => d1.prepare(statement.sql).bind(...statement.params)),
  ]);
}
