import { GUEST_CART_DAYS, SWEEP_BATCH_SIZE, SWEEP_MAX_BATCHES } from "~/lib/constants";
import { deleteAbandonedGuestCarts } from "~/models/cart.server";
import { deleteEndedWindows } from "~/models/rate-limits.server";
import { deleteExpiredSessions } from "~/models/sessions.server";
import type { Database } from "../../db/client";

const DAY_MS = 86_400_000;

export interface SweepReport {
  sessions: number;
  rateLimits: number;
  guestCarts: number;
}

/**
 * What the scheduled sweep removes: expired sessions, ended rate-limit windows and guest carts
 * untouched for GUEST_CART_DAYS. Each delete walks an index in batches of SWEEP_BATCH_SIZE rows
 * and stops after SWEEP_MAX_BATCHES, so one run's work is bounded; the next run goes on.
 */
export async function sweepExpired(db: Database, now = new Date()): Promise<SweepReport> {
  const cartCutoff = new Date(now.getTime() - GUEST_CART_DAYS * DAY_MS);
  return {
    sessions: await drain(() => deleteExpiredSessions(db, SWEEP_BATCH_SIZE, now)),
    rateLimits: await drain(() => deleteEndedWindows(db, SWEEP_BATCH_SIZE, now)),
    guestCarts: await drain(() => deleteAbandonedGuestCarts(db, SWEEP_BATCH_SIZE, cartCutoff)),
  };
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
