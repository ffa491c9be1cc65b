import { describe, expect, it } from "vitest";
import { DIRECTORY_COUNTRIES_MAX } from "~/lib/constants";
import { directoryParams, parseDirectoryFilters } from "~/lib/directory";

const parse = (query: string) => parseDirectoryFilters(new URLSearchParams(query));

describe("the companies directory's filters from the URL", () => {
  it("reads each filter, codes in any case, without repeats", () => {
    expect(
      parse(
        "search=%20pumps%20&country=cn&country=CN&country=tw&verified=1&business_type=distributor&category=Office&response_rate=90&sort=newest",
      ),
    ).toEqual({
      filters: {
        search: "pumps",
        countries: ["CN", "TW"],
        verified: true,
        businessType: "distributor",
        category: "Office",
        responseRate: 90,
        sort: "newest",
      },
      ignored: [],
    });
  });

  it("defaults to everything, best match first; q is the search's older name; empty values are no filter", () => {
    expect(parse("q=zebra&country=&verified=0&business_type=&response_rate=&sort=").filters).toEqual({
      search: "zebra",
      countries: [],
      verified: false,
      businessType: null,
      category: null,
      responseRate: null,
      sort: "best",
    });
  });

  it("ignores and names what it does not know, once each, cut short", () => {
    const { filters, ignored } = parse(
      `country=XX&country=XX&country=CHN&country=T1&verified=true&business_type=Manufacturer&response_rate=85&sort=price_asc&category=${"y".repeat(200)}`,
    );
    expect(filters).toMatchObject({ countries: [], verified: false, businessType: null, responseRate: null, category: null, sort: "best" });
    expect(ignored).toEqual([
      { param: "country", value: "XX" },
      { param: "country", value: "CHN" },
      { param: "country", value: "T1" },
      { param: "verified", value: "true" },
      { param: "business_type", value: "Manufacturer" },
      { param: "category", value: `${"y".repeat(40)}…` },
      { param: "response_rate", value: "85" },
      { param: "sort", value: "price_asc" },
    ]);
  });

  it(`keeps the first ${DIRECTORY_COUNTRIES_MAX} countries and says so`, () => {
    const codes = "AF AL DZ AD AO AG AR AM AU AT AZ BS BH BD BB BY BE BZ BJ BT BO BA BW BR BN BG BF BI CV KH CM CA".split(" ");
    const { filters, ignored } = parse(codes.map((c) => `country=${c}`).join("&"));
    expect(filters.countries).toEqual(codes.slice(0, DIRECTORY_COUNTRIES_MAX));
    expect(ignored).toEqual([{ param: "countries", value: String(DIRECTORY_COUNTRIES_MAX) }]);
  });

  it("writes the filters back as parameters, defaults left out", () => {
    const { filters } = parse("country=in&verified=1&sort=best&response_rate=80&business_type=pirate");
    expect(directoryParams(filters).toString()).toBe("country=IN&verified=1&response_rate=80");
  });
});
