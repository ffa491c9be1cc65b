import { describe, expect, it } from "vitest";
import { dataUrl } from "../support/route-data";

// The tests' one builder of Single Fetch URLs, against what @remix-run/react 2.17 asks for.
describe("the data request URL the tests send", () => {
  it("asks the root for / and <path>.data elsewhere, keeping the query", () => {
    expect(dataUrl("/", "root")).toBe("/_root.data?_routes=root");
    expect(dataUrl("/forum/", "routes/forum")).toBe("/forum.data?_routes=routes%2Fforum");
    expect(dataUrl("/messages?box=sent", "routes/messages._index")).toBe("/messages.data?box=sent&_routes=routes%2Fmessages._index");
    expect(dataUrl("/forum/topic/7", "routes/forum.topic.$topicId")).toBe("/forum/topic/7.data?_routes=routes%2Fforum.topic.%24topicId");
  });

  it("drops an empty index from a loader request and keeps it on an action", () => {
    expect(dataUrl("/trade-leads?index&tab=mine", "routes/trade-leads._index")).toBe(
      "/trade-leads.data?tab=mine&_routes=routes%2Ftrade-leads._index",
    );
    expect(dataUrl("/trade-leads?index")).toBe("/trade-leads.data?index");
    expect(dataUrl("/contact")).toBe("/contact.data");
  });
});
