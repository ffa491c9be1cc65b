import { describe, expect, it } from "vitest";
import { nameLabel } from "~/lib/i18n";
import { i18nextFor } from "~/lib/i18n.server";

// Names stored in English (product and article categories) shown in the page's language.
describe("name labels", () => {
  const chinese = i18nextFor("zh").t;

  it("translates a known name through its group's labels", () => {
    expect(nameLabel(chinese, "categoryNames", "Technology")).toBe("科技");
    expect(nameLabel(chinese, "categoryNames", "Apparel & Clothing")).toBe("服装与服饰");
    expect(nameLabel(chinese, "content.categories", "Trade News")).toBe("贸易新闻");
    expect(nameLabel(i18nextFor("fr").t, "content.categories", "Market Research")).toBe("Études de marché");
  });

  it("keeps a name it does not know, or one of another group, as stored", () => {
    expect(nameLabel(chinese, "categoryNames", "Hand-made Widgets")).toBe("Hand-made Widgets");
    expect(nameLabel(chinese, "categoryNames", "Trade News")).toBe("Trade News");
    expect(nameLabel(chinese, "content.categories", "物流")).toBe("物流");
    expect(nameLabel(chinese, "content.categories", "")).toBe("");
  });

  it("never reads an editor's text as i18next syntax", () => {
    for (const name of ["{{count}} items", "$t(header.signIn)", "Trade {{author}} News"]) {
      expect(nameLabel(chinese, "content.categories", name)).toBe(name);
    }
  });
});
