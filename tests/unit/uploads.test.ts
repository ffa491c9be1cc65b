import { describe, expect, it } from "vitest";
import { attachmentDisposition, cleanFilename, headMatchesExtension, sizeInKb, uploadExtension } from "~/lib/uploads";

const bytes = (...values: number[]) => new Uint8Array(values);
const PDF = bytes(0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37);
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00);
const OLE = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const TEXT = new TextEncoder().encode("company_");

describe("upload types", () => {
  it("accepts the five extensions in any case and nothing else", () => {
    expect(["a.csv", "b.TXT", "c.xls", "d.XLSX", "e.pdf"].map(uploadExtension)).toEqual(["csv", "txt", "xls", "xlsx", "pdf"]);
    expect(["a.exe", "csv", "a.csv.exe", "a.html", "a.", ""].map(uploadExtension)).toEqual([null, null, null, null, null, null]);
  });

  it("checks each type's magic bytes", () => {
    expect(headMatchesExtension("pdf", PDF)).toBe(true);
    expect(headMatchesExtension("xlsx", ZIP)).toBe(true);
    expect(headMatchesExtension("xls", OLE)).toBe(true);
    expect(headMatchesExtension("csv", TEXT)).toBe(true);
    expect(headMatchesExtension("pdf", TEXT)).toBe(false);
    expect(headMatchesExtension("xlsx", OLE)).toBe(false);
    expect(headMatchesExtension("xls", ZIP)).toBe(false);
    expect(headMatchesExtension("pdf", bytes(0x25, 0x50))).toBe(false);
  });

  it("refuses a PDF, zip or OLE file named as text", () => {
    for (const head of [PDF, ZIP, OLE]) {
      expect(headMatchesExtension("csv", head)).toBe(false);
      expect(headMatchesExtension("txt", head)).toBe(false);
    }
  });
});

describe("file names", () => {
  it("drops folders and control characters and bounds the length", () => {
    expect(cleanFilename("C:\\Users\\me\\leads.csv")).toBe("leads.csv");
    expect(cleanFilename("../../etc/passwd.csv")).toBe("passwd.csv");
    expect(cleanFilename("a\u0000b\nc.csv")).toBe("abc.csv");
    const long = cleanFilename(`${"x".repeat(400)}.csv`);
    expect(long).toHaveLength(255);
    expect(long.endsWith(".csv")).toBe(true);
  });

  it("serves any name as an attachment without breaking the header", () => {
    expect(attachmentDisposition("sample_leads.csv")).toBe(`attachment; filename="sample_leads.csv"; filename*=UTF-8''sample_leads.csv`);
    const hostile = attachmentDisposition('é"; filename=evil.html\\ (1).csv');
    expect(hostile.startsWith('attachment; filename="_'));
    expect(hostile).not.toMatch(/filename="[^"]*"[^;]*"; filename=evil/);
    expect(hostile).toContain("filename*=UTF-8''%C3%A9%22%3B%20filename%3Devil.html%5C%20%281%29.csv");
  });

  it("shows sizes in KB", () => {
    expect(sizeInKb(1536)).toBe("1.50");
  });
});
