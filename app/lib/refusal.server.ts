import type { EntryContext } from "@remix-run/cloudflare";
import { isTranslationKey } from "~/lib/i18n";

type StaticHandlerContext = EntryContext["staticHandlerContext"];

/**
 * A post that a page with JavaScript off sent (a document request, not a fetcher's) and that its
 * action refused with data and a 4xx: the page is rendered again with the answer, and must show
 * why. No error boundary is showing one already.
 */
export function isRefusedDocumentPost(request: Request, status: number, context: StaticHandlerContext) {
  return request.method !== "GET" && request.method !== "HEAD" && status >= 400 && status < 500 && !context.errors;
}

/**
 * Whether a rendered page shows a message: messages are shown with role="alert" (next to a field,
 * above a form, or for the whole page). The page's scripts are left aside: they carry the
 * answer's data, which the reader does not see.
 */
export function showsMessage(html: string) {
  return /\srole="alert"/.test(html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, ""));
}

/**
 * Why the action refused a post, as one translation key: the answer's message for the whole form,
 * else its first message for a field, else its `message`, else 'error.badForm'.
 */
export function refusalReason(actionData: StaticHandlerContext["actionData"]) {
  const answer: unknown = Object.values(actionData ?? {})[0];
  if (!answer || typeof answer !== "object") return "error.badForm";
  const errors = "error" in answer && answer.error && typeof answer.error === "object" ? (answer.error as Record<string, unknown>) : {};
  const { "": formMessages, ...fieldMessages } = errors;
  const messages = [formMessages, ...Object.values(fieldMessages)].flatMap((m) => (Array.isArray(m) ? m : []));
  if ("message" in answer) messages.push(answer.message);
  return messages.find(isTranslationKey) ?? "error.badForm";
}
