// D1 read replication through the Sessions API: a page reads a replica unless the member has just
// written (the bookmark their write left in the `d1b` cookie), an action reads the primary, and a
// member sees their own write on the next page.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import app from "../../server";
import { probeD1 } from "../support/d1-probe";
import { createUser, db, ORIGIN, sessionCookie } from "../support/factories";

beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
});

/** A request to the Worker whose D1 binding records the session each request opens. */
async function send(path: string, init: RequestInit & { headers: Record<string, string> }) {
  const sessions: (string | undefined)[] = [];
  const binding = probeD1(env.DB, { before() {}, after() {}, session: (constraint) => sessions.push(constraint) });
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init });
  const response = await app.fetch(
    request as Parameters<typeof app.fetch>[0],
    { ...env, DB: binding } as Parameters<typeof app.fetch>[1],
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { response, sessions };
}

describe("read replication", () => {
  it("reads a replica for pages, the primary for actions, and the member's own write after it", async () => {
    const member = await createUser();
    const cookie = await sessionCookie(member.id);

    const page = await send("/trade-leads?tab=mine", { headers: { Cookie: cookie } });
    expect(page.sessions).toEqual(["first-unconstrained"]);
    expect(page.response.headers.getSetCookie().some((c) => c.startsWith("d1b="))).toBe(false);

    const posted = await send("/trade-leads/new", {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN, Host: "localhost", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        leadType: "buy",
        title: "Replicated pumps wanted",
        description: "Two hundred centrifugal pumps",
        category: "Industrial",
      }).toString(),
    });
    expect(posted.response.status).toBe(302);
    expect(posted.sessions).toEqual(["first-primary"]);
    const bookmark = posted.response.headers
      .getSetCookie()
      .find((c) => c.startsWith("d1b="))
      ?.split(";")[0];
    expect(bookmark).toMatch(/^d1b=[0-9a-f-]+$/i);

    // The next page starts where the write left the database, and shows it.
    const next = await send("/trade-leads?tab=mine", { headers: { Cookie: `${cookie}; ${bookmark}` } });
    expect(next.sessions).toEqual([bookmark!.slice("d1b=".length)]);
    expect(await next.response.text()).toContain("Replicated pumps wanted");
    // A forged bookmark is not passed on: the page reads as any other.
    const forged = await send("/trade-leads", { headers: { Cookie: `${cookie}; d1b=<script>` } });
    expect(forged.sessions).toEqual(["first-unconstrained"]);
  });
});
