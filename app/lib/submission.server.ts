import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/cloudflare";
import type { z } from "zod";
import { readForm } from "~/lib/http";

/**
 * The one way actions read input: the body as a form (refused with 4xx when it is not one) and
 * the form's schema, parsed once with conform. Routes with several intents pass a discriminated
 * union on `intent`.
 */
export async function parseSubmission<Schema extends z.ZodType>(request: Request, schema: Schema, maxBytes?: number) {
  return parseWithZod(await readForm(request, maxBytes), { schema });
}

const TRANSLATION_KEY = /^[a-z][A-Za-z]*(\.[A-Za-z0-9]+)+$/;

type ReplyOptions = { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] };

/**
 * The answer to input that cannot be used: the submission's messages next to their fields,
 * status 400 (or another 4xx). A missing or unknown intent becomes a message the page shows.
 */
export function invalidSubmission(submission: Submission<unknown, string[], unknown>, options: ReplyOptions = {}, status = 400) {
  // A message that is not a translation key comes from a field nobody types (a hidden id, an
  // intent, a tampered list): the page says to reload, as for an unknown intent.
  const errors: Record<string, string[] | null> = (submission.status === "error" && submission.error) || {};
  const tampered = Object.values(errors).some((messages) => messages?.some((m) => !TRANSLATION_KEY.test(m)));
  const unknownIntent = submission.status === "error" && (!!submission.error?.intent || tampered);
  const formErrors = [...(unknownIntent ? ["validation.unknownIntent"] : []), ...(options.formErrors ?? [])];
  return data(submission.reply({ ...options, formErrors: formErrors.length ? formErrors : undefined }), { status });
}
