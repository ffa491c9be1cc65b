import { describe, expect, it } from "vitest";
import { PROFILE_PLANS } from "~/lib/constants";
import { canBeSuspended, canBeSuspendedSql, canReceiveMessage, canReceiveMessageSql, isPaidPlan, paidPlanSql } from "~/lib/permissions";
import { createUser, db } from "../support/factories";

// The rules that must also run inside SQL are written twice in the permissions module, as a
// function and as a fragment; here each fragment answers as its function does, for every plan.

async function membersOfEveryPlan() {
  return Promise.all(PROFILE_PLANS.map((plan) => createUser({ plan })));
}

/** The ids among `members` that a WHERE fragment over `profiles p` keeps (`?1` bound to `sender`). */
async function kept(fragment: string, members: { id: string }[], sender = "") {
  const ids = JSON.stringify(members.map((m) => m.id));
  const { results } = await db.$client
    .prepare(`select p.id from profiles p where p.id in (select value from json_each(?2)) and ${fragment}`)
    .bind(sender, ids)
    .all<{ id: string }>();
  return new Set(results.map((r) => r.id));
}

describe("the permissions module's SQL fragments", () => {
  it("keep the paid plans as isPaidPlan does", async () => {
    const members = await membersOfEveryPlan();
    const inSql = await kept(paidPlanSql(), members);
    for (const m of members) expect(inSql.has(m.id), m.plan).toBe(isPaidPlan(m.plan));
  });

  it("keep the members a message may go to as canReceiveMessage does, the sender never", async () => {
    const members = await membersOfEveryPlan();
    for (const sender of [members[0], members[2]]) {
      const inSql = await kept(canReceiveMessageSql("?1"), members, sender.id);
      for (const m of members) expect(inSql.has(m.id), `${m.plan} from ${sender.plan}`).toBe(canReceiveMessage(m, sender.id));
    }
  });

  it("keep the members who may be suspended as canBeSuspended does", async () => {
    const members = await membersOfEveryPlan();
    const inSql = await kept(canBeSuspendedSql(), members);
    for (const m of members) expect(inSql.has(m.id), m.plan).toBe(canBeSuspended(m.plan));
  });
});
