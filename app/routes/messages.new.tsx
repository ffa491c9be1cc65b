import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BackLink } from "~/components/forum/forum-header";
import { Field, FormErrors, inputClass, SubmitButton } from "~/components/ui/form";
import { MESSAGE_CONTENT_MAX, MESSAGE_SUBJECT_MAX } from "~/lib/constants";
import { useSchemaForm } from "~/lib/forms";
import { MessageSchema } from "~/lib/forum-schemas";
import { canReachOthers } from "~/lib/permissions";
import { siteUrl } from "~/lib/site";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { boundedParam } from "~/lib/url";
import { listRecipients, openOwnMessage, sendMessage } from "~/models/messages.server";
import { countAttempt, LIMITS } from "~/models/rate-limits.server";
import { sendAfterResponse } from "~/services/email.server";
import { requireMessagingMember } from "~/services/forum.server";

/** Compose, or reply to a received message (?reply=id): the sender becomes the recipient, 'Re: ' the subject. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireMessagingMember(request, context);
  const url = new URL(request.url);
  const replyId = boundedParam(url, "reply", 64);
  const original = replyId ? await openOwnMessage(context.db, user.id, replyId) : null;
  const replying = original && original.receiverId === user.id ? original : null;
  const to = replying?.senderId ?? (boundedParam(url, "to", 64) || null);
  const recipients = await listRecipients(context.db, user.id, to);
  const subject = replying
    ? (/^re:/i.test(replying.subject) ? replying.subject : `Re: ${replying.subject}`).slice(0, MESSAGE_SUBJECT_MAX)
    : undefined;
  return { recipients, defaults: { recipientId: recipients.some((r) => r.id === to) ? to : undefined, subject } };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireMessagingMember(request, context);
  const submission = await parseSubmission(request, MessageSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  if (!canReachOthers(user)) return invalidSubmission(submission, { formErrors: ["verify.required"] }, 403);
  const attempt = await countAttempt(context.db, LIMITS.messagesPerMember, user.id);
  if (attempt.limited) return invalidSubmission(submission, { formErrors: ["forum.tooMany"] }, 429);
  const { recipientId, subject, content } = submission.value;
  const sent = await sendMessage(
    context.db,
    user.id,
    { recipientId: recipientId!, subject: subject!, content: content! },
    siteUrl(context.env),
  );
  if (sent) sendAfterResponse(context);
  if (!sent) return invalidSubmission(submission, { fieldErrors: { recipientId: ["forum.messages.invalidRecipient"] } });
  return redirectWithToast(context, "/messages?box=sent", {
    type: "success",
    title: "forum.successTitle",
    description: "forum.messages.sentSuccess",
  });
}

export default function ComposeMessage() {
  const { recipients, defaults } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(MessageSchema, {
    id: "message",
    lastResult: useActionData<typeof action>(),
    defaultValue: defaults,
  });
  return (
    <section aria-labelledby="compose-title">
      <BackLink to="/messages" label={t("forum.messages.backToMessages")} />
      <div className="mt-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="compose-title" className="text-2xl font-semibold">
          {t("forum.messages.compose")}
        </h2>
        <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4">
          <FormErrors id={form.errorId} errors={form.errors} />
          <Field field={fields.recipientId} label={t("forum.messages.recipient")}>
            {/* A duplicated field comes back as a list; the select shows no choice then. */}
            <select
              {...getSelectProps(fields.recipientId)}
              defaultValue={typeof fields.recipientId.initialValue === "string" ? fields.recipientId.initialValue : ""}
              className={inputClass}
            >
              <option value="">{t("forum.messages.chooseRecipient")}</option>
              {recipients.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.companyName ? `${r.fullName} (${r.companyName})` : r.fullName}
                </option>
              ))}
            </select>
          </Field>
          <Field field={fields.subject} label={t("forum.messages.subject")}>
            <input {...getInputProps(fields.subject, { type: "text" })} maxLength={MESSAGE_SUBJECT_MAX} className={inputClass} />
          </Field>
          <Field field={fields.content} label={t("forum.messages.content")}>
            <textarea {...getTextareaProps(fields.content)} maxLength={MESSAGE_CONTENT_MAX} rows={6} className={inputClass} />
          </Field>
          <SubmitButton label={t("forum.messages.send")} pendingLabel={t("forum.messages.sending")} />
        </Form>
      </div>
    </section>
  );
}
