import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES, UPLOAD_PARSE_ERRORS_SHOWN } from "~/lib/constants";
import { submissionResult } from "~/lib/forms";
import { useHydrated } from "~/lib/hooks";
import type { CsvProblem } from "~/lib/lead-csv";
import { sizeInKb, UPLOAD_TYPE_LABELS, uploadExtension, type UploadExtension } from "~/lib/uploads";

/** The action's answer when a CSV was imported with skipped rows or rows of earlier imports: the page says so. */
export interface UploadAnswer {
  imported: number;
  values: { file: string; count: number };
  alreadyImported: { count: number; skipped: boolean };
  errors: CsvProblem[];
  errorCount: number;
}

interface Chosen {
  name: string;
  size: number;
  ext: UploadExtension | null;
  refusal: string | null;
  checking: boolean;
  errors: CsvProblem[];
  errorCount: number;
}

const ACCEPT = UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(",");

/** The first parsing messages, then how many more there are. */
function ParseErrors({ errors, errorCount }: { errors: CsvProblem[]; errorCount: number }) {
  const { t } = useTranslation();
  if (errorCount === 0) return null;
  const shown = errors.slice(0, UPLOAD_PARSE_ERRORS_SHOWN);
  return (
    <div className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="parse-errors">
      <p className="font-semibold">{t("leadsImport.parsingErrors")}</p>
      <ul className="mt-1 list-disc pl-5">
        {shown.map((error, i) => (
          <li key={i}>{t(error.key, error.values)}</li>
        ))}
      </ul>
      {errorCount > shown.length && <p className="mt-1">{t("leadsImport.moreErrors", { count: errorCount - shown.length })}</p>}
    </div>
  );
}

function answerOf(lastResult: unknown): UploadAnswer | null {
  return lastResult && typeof lastResult === "object" && "answer" in lastResult ? (lastResult as { answer: UploadAnswer }).answer : null;
}

/**
 * The upload form: a plain file input in a multipart form without JavaScript; with it, a drop
 * zone that describes the chosen file and checks a CSV in the browser (papaparse is loaded only
 * then) before anything is sent. The server checks everything again.
 */
export function UploadCard({ lastResult }: { lastResult: unknown }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    navigation.formAction?.startsWith("/leads-import") === true;
  const input = useRef<HTMLInputElement>(null);
  const run = useRef(0);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [dropRefusal, setDropRefusal] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  // Once an upload has been answered, the card is empty again for the next file.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) clear();
    wasBusy.current = busy;
  }, [busy]);

  function clear() {
    run.current++;
    if (input.current) input.current.value = "";
    setChosen(null);
    setDropRefusal(null);
  }

  async function choose(file: File | undefined) {
    setDropRefusal(null);
    const current = ++run.current;
    if (!file) return setChosen(null);
    const ext = uploadExtension(file.name);
    const refusal = !ext
      ? "leadsImport.errors.type"
      : file.size > UPLOAD_MAX_BYTES
        ? "leadsImport.errors.tooLarge"
        : file.size === 0
          ? "leadsImport.errors.empty"
          : null;
    const base: Chosen = { name: file.name, size: file.size, ext, refusal, checking: ext === "csv" && !refusal, errors: [], errorCount: 0 };
    setChosen(base);
    if (!base.checking) return;
    const [{ parseLeadsCsv }, text] = await Promise.all([import("~/lib/lead-csv"), file.text()]);
    if (current !== run.current) return;
    const parsed = parseLeadsCsv(text);
    setChosen({ ...base, checking: false, errors: parsed.errors.slice(0, UPLOAD_PARSE_ERRORS_SHOWN), errorCount: parsed.errorCount });
  }

  function drop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    const files = event.dataTransfer.files;
    if (files.length > 1) {
      clear();
      setDropRefusal("leadsImport.errors.tooMany");
    } else if (files.length === 1 && input.current) {
      input.current.files = files;
      void choose(files[0]);
    }
  }

  const result = submissionResult(lastResult);
  const serverErrors = [...(result?.error?.file ?? []), ...(result?.error?.[""] ?? [])];
  const answer = answerOf(lastResult);
  const csv = chosen?.ext === "csv";
  const blocked = hydrated && (!chosen || !!chosen.refusal || chosen.checking);

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="upload-title">
      <h2 id="upload-title" className="text-lg font-semibold">
        {t("leadsImport.uploadTitle")}
      </h2>

      {serverErrors.length > 0 && (
        <div role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="upload-error">
          <p className="font-semibold">{t("leadsImport.toast.failedTitle")}</p>
          {serverErrors.map((error) => (
            <p key={error}>{t(error, { max: UPLOAD_MAX_BYTES })}</p>
          ))}
        </div>
      )}
      {answer && (
        <div
          role="status"
          className={`mt-3 rounded-md border p-3 text-sm ${answer.imported > 0 ? "border-green-700 bg-green-50 text-green-900" : "border-red-300 bg-red-50 text-red-900"}`}
          data-testid="upload-answer"
        >
          <p className="font-semibold">{t(answer.imported > 0 ? "leadsImport.toast.importedTitle" : "leadsImport.toast.noneTitle")}</p>
          <p>
            {t(
              answer.imported > 0
                ? "leadsImport.toast.importedDescription"
                : answer.errorCount > 0
                  ? "leadsImport.toast.noneDescription"
                  : "leadsImport.nothingNew",
              answer.values,
            )}
          </p>
          {answer.alreadyImported.count > 0 && (
            <p data-testid="already-imported">
              {t(answer.alreadyImported.skipped ? "leadsImport.alreadyImportedSkipped" : "leadsImport.alreadyImportedAgain", {
                count: answer.alreadyImported.count,
              })}
            </p>
          )}
          <ParseErrors errors={answer.errors} errorCount={answer.errorCount} />
        </div>
      )}

      <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-4">
        <label
          htmlFor="lead-file"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          className={
            hydrated
              ? `block cursor-pointer rounded-lg border-2 border-dashed p-6 text-center ${dragging ? "border-orange-600 bg-orange-50" : "border-slate-300 hover:border-orange-600"}`
              : "block text-sm font-medium text-slate-800"
          }
          data-testid="drop-zone"
        >
          {hydrated ? (
            <>
              <span className="block font-medium text-slate-900">{t("leadsImport.dropZone")}</span>
              <span className="mt-2 block text-sm text-slate-600">{t("leadsImport.supportedFormats")}</span>
              <span className="block text-sm text-slate-600">{t("leadsImport.maxSize")}</span>
            </>
          ) : (
            <>
              {t("leadsImport.chooseFile")}
              <span className="mt-1 block font-normal text-slate-600">
                {t("leadsImport.supportedFormats")} · {t("leadsImport.maxSize")}
              </span>
            </>
          )}
        </label>
        <input
          ref={input}
          id="lead-file"
          name="file"
          type="file"
          accept={ACCEPT}
          required
          onChange={(event) => void choose(event.currentTarget.files?.[0])}
          className={
            hydrated
              ? "sr-only"
              : "block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold"
          }
        />

        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" name="skipAlreadyImported" defaultChecked className="mt-0.5 h-4 w-4 accent-orange-700" />
          <span>{t("leadsImport.skipAlreadyImported")}</span>
        </label>

        {dropRefusal && (
          <p role="alert" className="text-sm text-red-700">
            {t(dropRefusal)}
          </p>
        )}
        {hydrated && chosen && (
          <div className="rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="chosen-file">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900" title={chosen.name}>
                  {chosen.name}
                </p>
                <p className="text-sm text-slate-600">
                  {chosen.ext ? `${t(UPLOAD_TYPE_LABELS[chosen.ext])} · ` : ""}
                  {t("leadsImport.sizeKb", { size: sizeInKb(chosen.size) })}
                </p>
              </div>
              <button
                type="button"
                onClick={clear}
                className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-100"
              >
                {t("leadsImport.remove")}
              </button>
            </div>
            {chosen.refusal && (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {t(chosen.refusal, { max: UPLOAD_MAX_BYTES })}
              </p>
            )}
            {chosen.checking && <p className="mt-2 text-sm text-slate-600">{t("leadsImport.checking")}</p>}
            <ParseErrors errors={chosen.errors} errorCount={chosen.errorCount} />
          </div>
        )}

        <button
          type="submit"
          disabled={busy || blocked}
          className="w-full rounded-md bg-orange-700 px-4 py-2.5 font-semibold text-white hover:bg-orange-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {busy ? t("leadsImport.uploading") : csv ? t("leadsImport.uploadImport") : t("leadsImport.upload")}
        </button>
      </Form>
    </section>
  );
}
