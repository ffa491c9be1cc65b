import "~/lib/zod-config";
import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/** An action's answer as conform needs it, or undefined when the answer is something else. */
export function submissionResult(answer: unknown) {
  return answer && typeof answer === "object" && "status" in answer ? (answer as SubmissionResult<string[]>) : undefined;
}

/**
 * Every message of an action's answer, field or form, for a page whose forms have no field of
 * their own to show them by (a row's buttons, a form posted from another page).
 */
export function allMessages(answer: unknown) {
  const error = submissionResult(answer)?.error;
  if (!error) return undefined;
  return Object.values(error)
    .flat()
    .filter((message): message is string => !!message);
}

/** The action's answer, for the form that was sent (each form on a page has its own intent). */
export function answerFor(answer: unknown, intent: string) {
  const sent = (answer as { initialValue?: { intent?: unknown } } | undefined)?.initialValue?.intent;
  return sent === intent ? answer : undefined;
}

/**
 * One form's conform setup: the schema the action parses with also gives the browser its
 * constraints and validation. Validation starts on submit (a message that moved on blur would
 * jump from under the pointer as the button is pressed) and follows typing after that.
 */
export function useSchemaForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: Schema,
  options: { id: string; lastResult?: unknown; defaultValue?: Record<string, unknown> },
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: submissionResult(options.lastResult),
    defaultValue: options.defaultValue as never,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}
