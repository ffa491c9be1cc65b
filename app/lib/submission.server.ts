import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/cloudflare";
import type { z } from "zod";
import { readForm } from "~/lib/http";
import { isTranslationKey } from "~/lib/i18n";

/**
 * The one way actions read input: the body as a form (refused with 4xx when it is not one) and
 * the form's schema, parsed once with conform. Routes with several intents pass a discriminated
 * union on `intent`.
 */
export async function parseSubmission<Schema extends z.ZodType>(request: Request, schema: Schema, maxBytes?: number) {
  return parseWithZod(await readForm(request, maxBytes), { schema });
}

type ReplyOptions = { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] };

/**
 * The answer to input that cannot be used: the submission's messages next to their fields,
 * status 400 (or another 4xx). A missing or unknown intent becomes a message the page shows.
 */
export function invalidSubmission(submission: Submission<unknown, string[], unknown>, options: ReplyOptions = {}, status = 400) {
  // A message that is not a translation key comes from a field nobody types (a hidden id, an
  // intent, a tampered list), as does 'validation.unknownIntent' on a field (a hidden id that is
  // missing or not one): the page says to reload, as for an unknown intent, above the form.
  const errors: Record<string, string[] | null> = (submission.status === "error" && submission.error) || {};
  const tampered = Object.values(errors).some((messages) =>
    messages?.some((m) => !isTranslationKey(m) || m === "validation.unknownIntent"),
  );
  const unknownIntent = submission.status === "error" && (!!submission.error?.intent || tampered);
  const formErrors = [...(unknownIntent ? ["validation.unknownIntent"] : []), ...(options.formErrors ?? [])];
  return data(submission.reply({ ...options, formErrors: formErrors.length ? formErrors : undefined }), { status });
}
