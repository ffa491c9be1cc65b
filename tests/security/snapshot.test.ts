import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { changed, setupFixture, snapshot, type Fixture } from "./support";

// Every refusal in the security suites is proved harmless by comparing snapshots (support.ts):
// if a snapshot stopped seeing writes, every one of those checks would pass whatever the app did.

let fx: Fixture;
beforeAll(async () => {
  fx = await setupFixture();
});

describe("a snapshot of stored state", () => {
  it("is the same when nothing was written", async () => {
    const before = await snapshot();
    await env.DB.prepare("select count(*) from users").first();
    await env.CATALOG_IMAGES.list();
    expect(changed(before, await snapshot())).toEqual([]);
  });

  it("sees an insert, an update (even one that writes a row back as it was) and a delete, by table", async () => {
    const before = await snapshot();
    await env.DB.prepare("insert into rate_limits (key, count, window_ends_at) values ('snapshot-test', 1, 0)").run();
    const inserted = await snapshot();
    expect(changed(before, inserted)).toEqual(["rate_limits"]);

    await env.DB.prepare("update users set email = email where id = ?").bind(fx.users.owner.id).run();
    const updated = await snapshot();
    expect(changed(inserted, updated)).toEqual(["users"]);

    await env.DB.prepare("delete from rate_limits where key = 'snapshot-test'").run();
    expect(changed(updated, await snapshot())).toEqual(["rate_limits"]);
  });

  it("leaves out the tables it is told to, and sees a bucket's new object", async () => {
    const before = await snapshot(["rate_limits"]);
    await env.DB.prepare("insert into rate_limits (key, count, window_ends_at) values ('snapshot-test-2', 1, 0)").run();
    await env.ADMIN_UPLOADS.put("snapshot-test.txt", "x");
    expect(changed(before, await snapshot(["rate_limits"]))).toEqual(["r2:ADMIN_UPLOADS"]);
  });
});
