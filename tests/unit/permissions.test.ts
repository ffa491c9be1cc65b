import { describe, expect, it } from "vitest";
import { PROFILE_PLANS, type ProfilePlan } from "~/lib/constants";
import { canSeeContactDetails, canUseForum, isAdministrator, isOwner, isPaidPlan, type Actor } from "~/lib/permissions";

const member = (plan: ProfilePlan, id = "me"): Actor => ({ user: { id, plan }, admin: plan === "admin" });
const visitor: Actor = { user: null, admin: false };

describe("who may", () => {
  it("counts every plan but free as paid", () => {
    expect(PROFILE_PLANS.filter(isPaidPlan)).toEqual(["premium", "professional", "enterprise", "admin"]);
  });

  it("makes an administrator of an unlocked session or an admin plan, nothing else", () => {
    expect(isAdministrator(true, null)).toBe(true);
    expect(isAdministrator(false, "admin")).toBe(true);
    for (const plan of PROFILE_PLANS.filter((p) => p !== "admin")) expect(isAdministrator(false, plan)).toBe(false);
  });

  it("lets paid members and admins into the forum, not free members or visitors", () => {
    expect(canUseForum(visitor)).toBe(false);
    expect(canUseForum(member("free"))).toBe(false);
    expect(canUseForum({ user: null, admin: true })).toBe(true);
    expect(canUseForum({ user: { id: "me", plan: "free" }, admin: true })).toBe(true);
    for (const plan of ["premium", "professional", "enterprise"] as const) expect(canUseForum(member(plan))).toBe(true);
  });

  it("shows contact details to paid members, admins and the owner only", () => {
    expect(canSeeContactDetails(visitor, "owner")).toBe(false);
    expect(canSeeContactDetails(member("free"), "owner")).toBe(false);
    expect(canSeeContactDetails(member("free", "owner"), "owner")).toBe(true);
    expect(canSeeContactDetails(member("premium"), "owner")).toBe(true);
    expect(canSeeContactDetails({ user: null, admin: true }, "owner")).toBe(true);
  });

  it("knows an owner only by a signed-in member's own id", () => {
    expect(isOwner(visitor, "owner")).toBe(false);
    expect(isOwner(member("free", "owner"), "owner")).toBe(true);
    expect(isOwner(member("free", "someone"), "owner")).toBe(false);
    expect(isOwner(member("free", "owner"), null)).toBe(false);
  });
});
