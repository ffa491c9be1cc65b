// Round trips a member's form actions wait on one after another (a batch is one): every form in
// tests/security/forms/*.ts that a signed-in member submits, sent valid, must go through in at most
// 3 (the session, the write, and what the write needs to know first: a rate limit, a password). Far
// from the database each costs 100–250 ms. The pages' counts are in tests/integration/round-trips.test.ts.
// A form whose valid submission the fixture refuses by design (`refused`) must answer exactly that
// refusal, within the same goal: it is sent as a data request (as with JavaScript on), so what is
// counted is the action alone, not the page a document post would render again after it.
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN } from "../support/factories";
import { dataUrl } from "../support/route-data";
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
    it(`${entry.file}: ${entry.name} ${entry.refused ? `answers ${entry.refused}` : "goes through"} within ${ACTION_GOAL} round trips`, async () => {
      const values = entry.prepare ? await entry.prepare(fx) : {};
      const ctx = { fx, values, n: 1 };
      const path = typeof entry.path === "function" ? entry.path(ctx) : entry.path;
      const { response, roundTrips } = await fetchCountingRoundTrips(`${ORIGIN}${entry.refused ? dataUrl(path) : path}`, {
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
      const location = response.headers.get("Location");
      console.log(`round trips\t${roundTrips}\t${response.status}\t${entry.file}: ${entry.name}`);
      const answer = `${response.status} ${location ?? (await response.clone().text()).slice(0, 200)}`;
      if (entry.refused) {
        expect(response.status, answer).toBe(entry.refused);
      } else {
        // Went through: redirected after the write, and not to the sign-in page or the admin gate.
        expect(response.status, answer).toBe(302);
        expect(location, answer).not.toMatch(/^\/(auth|admin\/login)\b/);
      }
      expect(roundTrips).toBeLessThanOrEqual(ACTION_GOAL);
    });
  }
});
