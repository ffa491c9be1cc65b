import { describe, expect, it } from "vitest";
import { LEAD_IMPORT_ERRORS_KEPT, LEAD_IMPORT_MAX_ROWS, LEAD_VALUE_MAX_LENGTH } from "~/lib/constants";
import { leadColumnsOf, parseLeadsCsv, SAMPLE_LEADS_CSV } from "~/lib/lead-csv";

const HEADER = "company_name,contact_name,email,phone,country,industry,status,notes";

describe("CSV header rules", () => {
  it("needs a header row and one data row", () => {
    for (const text of ["", "\n\n", HEADER, `${HEADER}\n\n  \n`]) {
      const result = parseLeadsCsv(text);
      expect(result.fatal).toBe(true);
      expect(result.errors).toEqual([{ key: "leadsImport.csv.tooShort" }]);
    }
  });

  it('refuses a file without a "company_name" column', () => {
    const result = parseLeadsCsv("name,email\nAcme,a@example.com\n");
    expect(result).toMatchObject({ fatal: true, leads: [], errors: [{ key: "leadsImport.csv.missingCompanyName" }] });
  });

  it("trims and lower-cases headers and keeps only known columns", () => {
    expect(leadColumnsOf(["  Company_Name ", "EMAIL", "favourite_colour"])).toEqual([
      { column: "company_name", index: 0 },
      { column: "email", index: 1 },
    ]);
    const result = parseLeadsCsv(" Company_Name ,Favourite_Colour, Email \nAcme,blue,sales@acme.example\n");
    expect(result.leads).toEqual([
      {
        companyName: "Acme",
        contactName: null,
        email: "sales@acme.example",
        phone: null,
        country: null,
        industry: null,
        status: null,
        notes: null,
      },
    ]);
  });
});

describe("CSV row rules", () => {
  it("skips a row with the wrong number of columns, naming its line", () => {
    const result = parseLeadsCsv(`company_name,email\nAcme,a@x.example\nBeta\nGamma,g@x.example,extra\nDelta,d@x.example\n`);
    expect(result.leads.map((l) => l.companyName)).toEqual(["Acme", "Delta"]);
    expect(result.errors).toEqual([
      { key: "leadsImport.csv.columnMismatch", values: { line: 3 } },
      { key: "leadsImport.csv.columnMismatch", values: { line: 4 } },
    ]);
    expect(result.errorCount).toBe(2);
  });

  it("skips a row without a company name", () => {
    const result = parseLeadsCsv(`company_name,email\n  ,a@x.example\n"",b@x.example\nAcme,c@x.example\n`);
    expect(result.leads).toHaveLength(1);
    expect(result.errors).toEqual([
      { key: "leadsImport.csv.companyNameRequired", values: { line: 2 } },
      { key: "leadsImport.csv.companyNameRequired", values: { line: 3 } },
    ]);
  });

  it("keeps commas, quotes and line breaks inside quoted values, and counts lines as in the file", () => {
    const text = `company_name,notes\r\n"Acme, Inc.","first line\r\nsecond ""quoted"" line"\r\nBeta\r\n`;
    const result = parseLeadsCsv(text);
    expect(result.leads).toEqual([expect.objectContaining({ companyName: "Acme, Inc.", notes: 'first line\r\nsecond "quoted" line' })]);
    // Beta starts on line 4 of the file: the quoted value took two lines.
    expect(result.errors).toEqual([{ key: "leadsImport.csv.columnMismatch", values: { line: 4 } }]);
  });

  it("skips blank lines and lines of spaces, and still names the right line", () => {
    const result = parseLeadsCsv(`\n\ncompany_name,email\n\n   \nAcme,a@x.example\n\nBeta\n`);
    expect(result.leads.map((l) => l.companyName)).toEqual(["Acme"]);
    expect(result.errors).toEqual([{ key: "leadsImport.csv.columnMismatch", values: { line: 8 } }]);
  });

  it("ignores a byte order mark", () => {
    const result = parseLeadsCsv(`\uFEFFcompany_name,email\nAcme,a@x.example\n`);
    expect(result.fatal).toBe(false);
    expect(result.leads[0].companyName).toBe("Acme");
  });

  it("trims values and keeps empty ones as absent", () => {
    const result = parseLeadsCsv(`${HEADER}\n  Acme  , ,,,,,Hot,\n`);
    expect(result.leads[0]).toEqual({
      companyName: "Acme",
      contactName: null,
      email: null,
      phone: null,
      country: null,
      industry: null,
      status: "Hot",
      notes: null,
    });
  });

  it("keeps formula-leading values as plain text, unchanged", () => {
    const result = parseLeadsCsv(
      `company_name,notes,phone\n"=HYPERLINK(""http://evil.example"",""x"")",@SUM(A1),+44 20 7946 0000\n-Minus Corp,=1+1,-5\n`,
    );
    expect(result.leads).toEqual([
      expect.objectContaining({ companyName: '=HYPERLINK("http://evil.example","x")', notes: "@SUM(A1)", phone: "+44 20 7946 0000" }),
      expect.objectContaining({ companyName: "-Minus Corp", notes: "=1+1", phone: "-5" }),
    ]);
  });

  it("skips a value longer than the limit", () => {
    const result = parseLeadsCsv(
      `company_name,notes\nAcme,${"x".repeat(LEAD_VALUE_MAX_LENGTH + 1)}\nBeta,${"x".repeat(LEAD_VALUE_MAX_LENGTH)}\n`,
    );
    expect(result.leads.map((l) => l.companyName)).toEqual(["Beta"]);
    expect(result.errors).toEqual([
      { key: "leadsImport.csv.valueTooLong", values: { line: 2, column: "notes", max: LEAD_VALUE_MAX_LENGTH } },
    ]);
  });

  it("reports an unclosed quote instead of swallowing the file silently", () => {
    const result = parseLeadsCsv(`company_name,notes\nAcme,ok\nBeta,"never closed\nGamma,fine\n`);
    expect(result.leads.map((l) => l.companyName)).toEqual(["Acme"]);
    expect(result.errors[0]).toEqual({ key: "leadsImport.csv.unclosedQuote", values: { line: 3 } });
  });

  it("keeps the first messages and counts all of them", () => {
    const rows = Array.from({ length: LEAD_IMPORT_ERRORS_KEPT + 50 }, () => ",x").join("\n");
    const result = parseLeadsCsv(`company_name,notes\n${rows}\n`);
    expect(result.errors).toHaveLength(LEAD_IMPORT_ERRORS_KEPT);
    expect(result.errorCount).toBe(LEAD_IMPORT_ERRORS_KEPT + 50);
  });

  it("refuses a file with more rows than one import takes", () => {
    const result = parseLeadsCsv(`company_name\n${"a\n".repeat(LEAD_IMPORT_MAX_ROWS + 1)}`);
    expect(result).toMatchObject({
      fatal: true,
      leads: [],
      errors: [{ key: "leadsImport.csv.tooManyRows", values: { max: LEAD_IMPORT_MAX_ROWS } }],
    });
  });

  it("reads the sample file as three valid leads", () => {
    const result = parseLeadsCsv(SAMPLE_LEADS_CSV);
    expect(result.errorCount).toBe(0);
    expect(result.leads).toHaveLength(3);
    expect(result.leads[0]).toMatchObject({ companyName: "Acme Trading Co.", status: "hot", notes: "Wants 5,000 units per quarter" });
  });

  it("parses 10,000 rows", () => {
    const rows = Array.from(
      { length: 10_000 },
      (_, i) => `Company ${i},Person ${i},p${i}@x.example,+1-555-${i},Spain,Textiles,new,"Note, ${i}"`,
    );
    const result = parseLeadsCsv(`${HEADER}\n${rows.join("\n")}\n`);
    expect(result.errorCount).toBe(0);
    expect(result.leads).toHaveLength(10_000);
    expect(result.leads[9_999].notes).toBe("Note, 9999");
  });
});
