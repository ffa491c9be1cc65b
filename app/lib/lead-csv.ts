import Papa from "papaparse";
import { LEAD_CSV_COLUMNS, LEAD_IMPORT_ERRORS_KEPT, LEAD_IMPORT_MAX_ROWS, LEAD_VALUE_MAX_LENGTH } from "~/lib/constants";

// The CSV rules of the leads import, as pure functions: the
// browser runs them before uploading (loaded on demand) and the server runs them again, always.

export type LeadColumn = (typeof LEAD_CSV_COLUMNS)[number];

export interface ParsedLead {
  companyName: string;
  contactName: string | null;
  email: string | null;
  phone: string | null;
  country: string | null;
  industry: string | null;
  status: string | null;
  notes: string | null;
}

/** A message for the person importing: a translation key and its values. */
export interface CsvProblem {
  key: string;
  values?: { line?: number; column?: string; max?: number };
}

export interface LeadCsvResult {
  leads: ParsedLead[];
  /** The first problems (at most LEAD_IMPORT_ERRORS_KEPT), in file order. */
  errors: CsvProblem[];
  /** Every problem, including those not kept. */
  errorCount: number;
  /** The file as a whole cannot be imported (no header, no company_name, too many rows). */
  fatal: boolean;
}

const FIELD_OF: Record<LeadColumn, keyof ParsedLead> = {
  company_name: "companyName",
  contact_name: "contactName",
  email: "email",
  phone: "phone",
  country: "country",
  industry: "industry",
  status: "status",
  notes: "notes",
};

const BOM = "\uFEFF";

/** Headers are trimmed and lower-cased; only known columns are kept (the first of a repeated name). */
export function leadColumnsOf(header: string[]): { column: LeadColumn; index: number }[] | null {
  const names = header.map((h) => h.replace(BOM, "").trim().toLowerCase());
  if (!names.includes("company_name")) return null;
  return LEAD_CSV_COLUMNS.filter((c) => names.includes(c)).map((column) => ({ column, index: names.indexOf(column) }));
}

/** One data row against the header: the lead it makes, or the problem that skips it. */
function leadFromRow(
  row: string[],
  headerLength: number,
  columns: { column: LeadColumn; index: number }[],
  line: number,
): ParsedLead | CsvProblem {
  if (row.length !== headerLength) return { key: "leadsImport.csv.columnMismatch", values: { line } };
  // Every field may be missing while the row is read; the company name is checked at the end.
  const lead: Record<keyof ParsedLead, string | null> = {
    companyName: null,
    contactName: null,
    email: null,
    phone: null,
    country: null,
    industry: null,
    status: null,
    notes: null,
  };
  for (const { column, index } of columns) {
    const value = row[index].trim();
    if (value.length > LEAD_VALUE_MAX_LENGTH)
      return { key: "leadsImport.csv.valueTooLong", values: { line, column, max: LEAD_VALUE_MAX_LENGTH } };
    // Formula-leading values (=, +, -, @) are kept as the text they are: they are only ever
    // shown as text in HTML and the import offers no spreadsheet export.
    lead[FIELD_OF[column]] = value === "" ? null : value;
  }
  if (!lead.companyName) return { key: "leadsImport.csv.companyNameRequired", values: { line } };
  return { ...lead, companyName: lead.companyName };
}

function countOf(text: string, needle: string, from = 0, to = text.length) {
  let count = 0;
  for (let i = text.indexOf(needle, from); i !== -1 && i < to; i = text.indexOf(needle, i + needle.length)) count++;
  return count;
}

/**
 * Parses a leads CSV with papaparse: a header row, quoted values that may hold commas, quotes
 * and line breaks, blank lines skipped, a leading BOM ignored. 'Line N' is the line of the file
 * where the row starts, so it can be found in an editor.
 */
export function parseLeadsCsv(input: string): LeadCsvResult {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const result: LeadCsvResult = { leads: [], errors: [], errorCount: 0, fatal: false };
  const problem = (p: CsvProblem) => {
    if (result.errors.length < LEAD_IMPORT_ERRORS_KEPT) result.errors.push(p);
    result.errorCount++;
  };
  const fail = (key: string, values?: CsvProblem["values"]) => {
    result.leads = [];
    result.errors = [{ key, values }];
    result.errorCount = 1;
    result.fatal = true;
  };

  let header: string[] | null = null;
  let columns: { column: LeadColumn; index: number }[] | null = null;
  let dataRows = 0;
  let scanned = 0;
  let breaks = 0;

  Papa.parse<string[]>(text, {
    skipEmptyLines: true,
    step: (step, parser) => {
      const row = step.data;
      const linebreak = step.meta.linebreak || "\n";
      const cursor = step.meta.cursor;
      breaks += countOf(text, linebreak, scanned, cursor);
      scanned = cursor;
      // The cursor stands after the row's own line break, when it has one.
      // An unclosed quote runs to the end of the file and holds that break itself.
      const unclosed = step.errors.some((e) => e.type === "Quotes");
      const trailing = text.endsWith(linebreak, cursor) && !(unclosed && row[row.length - 1].endsWith(linebreak)) ? 1 : 0;
      const line = breaks - trailing - row.reduce((n, field) => n + countOf(field, linebreak), 0) + 1;
      // A line of spaces is as blank as an empty one.
      if (row.length === 1 && row[0].trim() === "") return;

      if (!header) {
        header = row;
        columns = leadColumnsOf(row);
        return;
      }
      // As in the first build, a file without a data row is 'too short' before its header is judged.
      if (!columns) {
        dataRows++;
        fail("leadsImport.csv.missingCompanyName");
        parser.abort();
        return;
      }
      if (++dataRows > LEAD_IMPORT_MAX_ROWS) {
        fail("leadsImport.csv.tooManyRows", { max: LEAD_IMPORT_MAX_ROWS });
        parser.abort();
        return;
      }
      if (unclosed) {
        problem({ key: "leadsImport.csv.unclosedQuote", values: { line } });
        return;
      }
      const lead = leadFromRow(row, header.length, columns!, line);
      if ("key" in lead) problem(lead);
      else result.leads.push(lead);
    },
  });

  if (!result.fatal && dataRows === 0) fail("leadsImport.csv.tooShort");
  return result;
}

/** The file behind 'Download Sample CSV': the header row and three sample leads. */
export const SAMPLE_LEADS_CSV =
  [
    LEAD_CSV_COLUMNS.join(","),
    'Acme Trading Co.,John Smith,john@acmetrading.example,+1-555-0100,United States,Electronics,hot,"Wants 5,000 units per quarter"',
    "Global Textiles Ltd.,Maria Garcia,maria@globaltextiles.example,+34-600-000-000,Spain,Textiles,warm,Asked for a catalog",
    "Sunrise Foods,Amit Patel,amit@sunrisefoods.example,+91-98000-00000,India,Food & Beverages,new,",
  ].join("\r\n") + "\r\n";
