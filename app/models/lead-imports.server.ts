import { count, desc, eq, sql } from "drizzle-orm";
import { IMPORTED_LEADS_PAGE_SIZE, RECENT_UPLOADS_SHOWN } from "~/lib/constants";
import type { ParsedLead } from "~/lib/lead-csv";
import { releaseObjectKeysStatement } from "~/models/pending-objects.server";
import type { Database } from "../../db/client";
import { leads, uploadedFiles } from "../../db/schema";

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
/**
 * A file's leads go into D1 as JSON, one parameter per statement, which SQLite expands with
 * json_each: statements are bounded by the file's size (at most LEAD_JSON_MAX_BYTES each; a
 * 10 MB file makes about 20), never by its number of rows (D1 allows 1,000 queries a request).
 */
export const LEAD_JSON_MAX_BYTES = 512 * 1024;

/**
 * A row of the JSON that matches a lead of an earlier import (created before `now`, the import's
 * own time): the same company name and e-mail (an absent e-mail matches an absent one), ignoring
 * case (the leads_company_email_idx index). Rows of one file never match each other.
 */
const alreadyImported = (now: string) => `exists (select 1 from leads l
  where l.company_name = json_extract(j.value, '$[1]') collate nocase
    and coalesce(l.email, '') = coalesce(json_extract(j.value, '$[3]'), '') collate nocase
    and l.created_at < ${now})`;

const insertLeads = (skipAlreadyImported: boolean) => `insert into leads (${LEAD_COLUMNS})
  select json_extract(j.value, '$[0]'), ?2, json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]'),
    json_extract(j.value, '$[3]'), json_extract(j.value, '$[4]'), json_extract(j.value, '$[5]'),
    json_extract(j.value, '$[6]'), json_extract(j.value, '$[7]'), json_extract(j.value, '$[8]'), ?3
  from json_each(?1) j ${skipAlreadyImported ? `where not ${alreadyImported("?3")}` : ""} order by j.key desc`;

export const COUNT_ALREADY_IMPORTED = `select count(*) as n from json_each(?1) j where ${alreadyImported("?2")}`;

/**
 * The INSERTs of a file's leads, each one JSON parameter of rows of at most LEAD_JSON_MAX_BYTES.
 * Rows go in last-to-first, so that the list's order (created_at, then rowid, both descending:
 * one index scan) shows them in file order.
 */
export function leadInserts(userId: string | null, rows: ParsedLead[], createdAt: number, skipAlreadyImported = false) {
  const statements: { sql: string; params: (string | number | null)[] }[] = [];
  let part: string[] = [];
  let bytes = 0;
  const flush = () => {
    if (part.length) statements.unshift({ sql: insertLeads(skipAlreadyImported), params: [`[${part.join(",")}]`, userId, createdAt] });
    part = [];
    bytes = 0;
  };
  for (const r of rows) {
    const row = JSON.stringify([
      crypto.randomUUID(),
      r.companyName,
      r.contactName,
      r.email,
      r.phone,
      r.country,
      r.industry,
      r.status,
      r.notes,
    ]);
    if (bytes + row.length > LEAD_JSON_MAX_BYTES) flush();
    part.push(row);
    bytes += row.length + 1;
  }
  flush();
  // Later parts first: with `order by key desc` inside each, the whole file goes in last-to-first.
  return statements;
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
 * Records a stored upload, inserts its leads and releases its object's claim in ONE batch: D1
 * runs a batch as a transaction, so a failing statement leaves neither the record nor any of the
 * file's leads, and the claimed object to the sweep. Each part of the file is first counted for
 * rows that match leads already stored; with `skipAlreadyImported` those rows are left out.
 * Returns how many rows matched and how many leads were inserted.
 */
export async function recordUpload(db: Database, upload: UploadRecord, rows: ParsedLead[], skipAlreadyImported = false) {
  const d1 = db.$client;
  const now = Date.now();
  const inserts = leadInserts(upload.userId, rows, now, skipAlreadyImported);
  const results = await d1.batch<{ n: number }>([
    ...inserts.map((statement) => d1.prepare(COUNT_ALREADY_IMPORTED).bind(statement.params[0], now)),
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
    ...inserts.map((statement) => d1.prepare(statement.sql).bind(...statement.params)),
    releaseObjectKeysStatement(db, "admin-uploads", [upload.objectKey]),
  ]);
  const alreadyImported = results.slice(0, inserts.length).reduce((sum, r) => sum + (r.results[0]?.n ?? 0), 0);
  const inserted = results.slice(inserts.length + 1, inserts.length * 2 + 1).reduce((sum, r) => sum + r.meta.changes, 0);
  return { alreadyImported, inserted };
}
