// Round trips a member's form actions wait on one after another (a batch is one): every form in
// tests/security/forms/*.ts that a signed-in member submits, sent valid, must go through in at most
// 3 (the session, the write, and what the write needs to know first: a rate limit, a password). Far from the database each
// costs 100–250 ms. The pages' counts are in tests/integration/round-trips.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN } from "../support/factories";
import { fetchCountingRoundTrips } from "../support/worker";
import { cookieFor, randomAddress, setupFixture, type Fixture } from "./support";
import type { FormEntry } from "./types";

const ACTION_GOAL = 3;
const MEMBER_ROLES = new Set(["free", "paid", "owner", "other"]);

const modules = import.meta.glob<{ forms: FormEntry[] }>("./forms/*.ts", { eager: true });
const FORMS = Object.values(modules)
  .flatMap((module) => module.forms ?? [])
  .filter((form) => MEMBER_ROLES.has(form.role) && form.required.length > 0);

let fx: Fixture;
beforeAll(async () => {
  fx = await setupFixture();
});

describe("a member's form actions", () => {
  it("covers the members' forms", () => {
    expect(FORMS.length).toBeGreaterThan(20);
  });

  for (const entry of FORMS) {
    it(`${entry.file}: ${entry.name} goes through within ${ACTION_GOAL} round trips`, async () => {
      const values = entry.prepare ? await entry.prepare(fx) : {};
      const ctx = { fx, values, n: 1 };
      const path = typeof entry.path === "function" ? entry.path(ctx) : entry.path;
      const { response, roundTrips } = await fetchCountingRoundTrips(`${ORIGIN}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Cookie: (await cookieFor(fx, entry.role))!,
          Origin: ORIGIN,
          Host: new URL(ORIGIN).host,
          "CF-Connecting-IP": randomAddress(),
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(entry.valid(ctx)).toString(),
      });
      console.log(`round trips\t${roundTrips}\t${response.status}\t${entry.file}: ${entry.name}`);
      // A refusal the fixture meets (a wrong password, a missing document) renders the page again,
      // whose loaders read afresh; the goal is the submission that goes through.
      if (response.status < 400) expect(roundTrips).toBeLessThanOrEqual(ACTION_GOAL);
    });
  }
});
