import { GUEST_CART_DAYS, PENDING_OBJECT_MAX_AGE_MS, SWEEP_BATCH_SIZE, SWEEP_MAX_BATCHES } from "~/lib/constants";
import { deleteAbandonedGuestCarts } from "~/models/cart.server";
import { deleteUnconfirmedRequests } from "~/models/inquiries.server";
import { listAbandonedObjectKeys, releaseObjectKeys, type ObjectBucket } from "~/models/pending-objects.server";
import { deleteEndedWindows } from "~/models/rate-limits.server";
import { deleteExpiredSessions } from "~/models/sessions.server";
import type { Database } from "../../db/client";

const DAY_MS = 86_400_000;

export interface SweepReport {
  sessions: number;
  rateLimits: number;
  guestCarts: number;
  unconfirmedRequests: number;
  abandonedObjects: number;
}

/** The R2 buckets by the names the pending_objects table gives them. */
export type Buckets = Record<ObjectBucket, R2Bucket>;

/**
 * What the scheduled sweep removes: expired sessions, ended rate-limit windows, guest carts
 * untouched for GUEST_CART_DAYS, visitors' requests whose confirmation link expired, and R2 objects whose write was interrupted before their row
 * (claimed over PENDING_OBJECT_MAX_AGE_MS ago). Each delete walks an index in batches of
 * SWEEP_BATCH_SIZE rows and stops after SWEEP_MAX_BATCHES, so one run's work is bounded; the
 * next run goes on.
 */
export async function sweepExpired(db: Database, buckets: Buckets, now = new Date()): Promise<SweepReport> {
  const cartCutoff = new Date(now.getTime() - GUEST_CART_DAYS * DAY_MS);
  const objectCutoff = new Date(now.getTime() - PENDING_OBJECT_MAX_AGE_MS);
  return {
    sessions: await drain(() => deleteExpiredSessions(db, SWEEP_BATCH_SIZE, now)),
    rateLimits: await drain(() => deleteEndedWindows(db, SWEEP_BATCH_SIZE, now)),
    guestCarts: await drain(() => deleteAbandonedGuestCarts(db, SWEEP_BATCH_SIZE, cartCutoff)),
    unconfirmedRequests: await drain(() => deleteUnconfirmedRequests(db, SWEEP_BATCH_SIZE, now.getTime())),
    abandonedObjects: await drain(() => deleteAbandonedObjects(db, buckets, objectCutoff)),
  };
}

/** Deletes a batch of abandoned objects from R2, then their claims. */
async function deleteAbandonedObjects(db: Database, buckets: Buckets, olderThan: Date) {
  const abandoned = await listAbandonedObjectKeys(db, olderThan, SWEEP_BATCH_SIZE);
  for (const bucket of Object.keys(buckets) as ObjectBucket[]) {
    const keys = abandoned.filter((o) => o.bucket === bucket).map((o) => o.key);
    if (keys.length === 0) continue;
    await buckets[bucket].delete(keys);
    await releaseObjectKeys(db, bucket, keys);
  }
  return abandoned.length;
}

async function drain(deleteBatch: () => Promise<number>) {
  let total = 0;
  for (let round = 0; round < SWEEP_MAX_BATCHES; round++) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < SWEEP_BATCH_SIZE) break;
  }
  return total;
}
