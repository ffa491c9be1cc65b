import { and, eq, inArray, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { pendingObjects } from "../../db/schema";

export type ObjectBucket = (typeof pendingObjects.$inferInsert)["bucket"];

/** Claims a key before its object is written to R2 (see the pending_objects table). */
export async function claimObjectKey(db: Database, bucket: ObjectBucket, key: string) {
  await db.insert(pendingObjects).values({ bucket, key });
}

/** Releases claimed keys (the sweep's clean-up). */
export function releaseObjectKeys(db: Database, bucket: ObjectBucket, keys: string[]) {
  return db.delete(pendingObjects).where(and(eq(pendingObjects.bucket, bucket), inArray(pendingObjects.key, keys.length ? keys : [""])));
}

/** The same release as one D1 statement, for a batch with the write of the row that refers to the keys. */
export function releaseObjectKeysStatement(db: Database, bucket: ObjectBucket, keys: string[]) {
  const { sql, params } = releaseObjectKeys(db, bucket, keys).toSQL();
  return db.$client.prepare(sql).bind(...params);
}

/** Keys claimed before `olderThan` and never released, at most `batch`: interrupted writes. */
export function listAbandonedObjectKeys(db: Database, olderThan: Date, batch: number) {
  return db
    .select({ bucket: pendingObjects.bucket, key: pendingObjects.key })
    .from(pendingObjects)
    .where(lt(pendingObjects.createdAt, olderThan))
    .orderBy(pendingObjects.createdAt)
    .limit(batch);
}
