import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MEMBERSHIP_PLAN_NAMES, PROFILE_PLANS, type ProfilePlan } from "~/lib/constants";
import {
  canBeSuspended,
  canModerateForum,
  canReachOthers,
  canReceiveMessage,
  canSeeBuyerContact,
  canSeeContactDetails,
  canSeeContent,
  canSeeRequest,
  canUseForum,
  isAdministrator,
  isOwner,
  isPaidPlan,
  limitsPlanOf,
  needsUpgradeRequest,
  UPGRADE_PLAN_NAMES,
  type Actor,
} from "~/lib/permissions";

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

  it("offers every plan of the list but free as an upgrade, and asks an admin only for those", () => {
    expect(UPGRADE_PLAN_NAMES).toEqual(["silver", "gold", "platinum"]);
    expect(MEMBERSHIP_PLAN_NAMES.filter(needsUpgradeRequest)).toEqual(["silver", "gold", "platinum"]);
    expect(needsUpgradeRequest(null)).toBe(false);
    expect(needsUpgradeRequest("diamond")).toBe(false);
    expect(needsUpgradeRequest("toString")).toBe(false);
  });

  it("applies each profile plan's own limits, and the top tier's to admins", () => {
    expect(PROFILE_PLANS.map(limitsPlanOf)).toEqual(["free", "silver", "gold", "platinum", "platinum"]);
  });

  it("lets only admins moderate the forum, whatever a member's plan", () => {
    expect(canModerateForum({ user: null, admin: true })).toBe(true);
    expect(canModerateForum(visitor)).toBe(false);
    for (const plan of PROFILE_PLANS.filter((p) => p !== "admin")) expect(canModerateForum(member(plan))).toBe(false);
  });

  it("delivers private messages to paid members only, never to the sender", () => {
    expect(canReceiveMessage({ id: "them", plan: "free" }, "me")).toBe(false);
    for (const plan of ["premium", "professional", "enterprise", "admin"] as const) {
      expect(canReceiveMessage({ id: "them", plan }, "me")).toBe(true);
      expect(canReceiveMessage({ id: "me", plan }, "me")).toBe(false);
    }
  });

  it("suspends any member but an admin", () => {
    expect(PROFILE_PLANS.filter(canBeSuspended)).toEqual(["free", "premium", "professional", "enterprise"]);
  });

  it("shows a request to its buyer, its supplier and admins, and to nobody else", () => {
    const request = { buyerId: "buyer", supplierId: "supplier" };
    expect(canSeeRequest(member("free", "buyer"), request)).toBe(true);
    expect(canSeeRequest(member("free", "supplier"), request)).toBe(true);
    expect(canSeeRequest({ user: null, admin: true }, request)).toBe(true);
    expect(canSeeRequest(member("enterprise", "other"), request)).toBe(false);
    expect(canSeeRequest(visitor, request)).toBe(false);
    expect(canSeeRequest(visitor, { buyerId: null, supplierId: null })).toBe(false);
  });

  it("gives a buyer's contact details to paid members, admins and the buyer", () => {
    expect(canSeeBuyerContact(member("free", "supplier"), "buyer")).toBe(false);
    expect(canSeeBuyerContact(member("professional", "supplier"), "buyer")).toBe(true);
    expect(canSeeBuyerContact(member("free", "buyer"), "buyer")).toBe(true);
    expect(canSeeBuyerContact({ user: null, admin: true }, "buyer")).toBe(true);
    expect(canSeeBuyerContact(member("free", "supplier"), null)).toBe(false);
    expect(canSeeBuyerContact(visitor, "buyer")).toBe(false);
  });

  it("lets only members with a verified address reach others", () => {
    expect(canReachOthers({ emailVerified: true })).toBe(true);
    expect(canReachOthers({ emailVerified: false })).toBe(false);
  });

  it("shows hidden content to its author and admins only", () => {
    const hidden = { hiddenReason: "spam", authorId: "author" };
    expect(canSeeContent(member("enterprise", "other"), hidden)).toBe(false);
    expect(canSeeContent(visitor, hidden)).toBe(false);
    expect(canSeeContent(member("free", "author"), hidden)).toBe(true);
    expect(canSeeContent({ user: null, admin: true }, hidden)).toBe(true);
    expect(canSeeContent(visitor, { hiddenReason: null, authorId: "author" })).toBe(true);
  });
});

describe("the permissions module is the only place that names a plan", () => {
  it("leaves no plan or role name in any other file of app/", () => {
    const planName = /["'`](free|premium|professional|enterprise|admin|silver|gold|platinum)["'`]/;
    const offenders: string[] = [];
    for (const file of readdirSync("app", { recursive: true, encoding: "utf8" })) {
      if (!/\.tsx?$/.test(file) || ["lib/permissions.ts", "lib/constants.ts"].includes(file)) continue;
      readFileSync(join("app", file), "utf8")
        .split("\n")
        .forEach((line, i) => planName.test(line) && offenders.push(`app/${file}:${i + 1}: ${line.trim()}`));
    }
    expect(offenders).toEqual([]);
  });
});
