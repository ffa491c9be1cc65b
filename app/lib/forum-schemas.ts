import "~/lib/zod-config";
import { z } from "zod";
import { FORUM_POST_MAX, FORUM_TITLE_MAX, MESSAGE_CONTENT_MAX, MESSAGE_SUBJECT_MAX } from "~/lib/constants";
import { typedText } from "~/lib/schemas";

// The forum's and private messages' forms. Blank fields are reported once for the whole form
// with the spec's sentence ('Please fill in both title and content.'), so each text is optional
// here and the form-level check names what is missing (after which the action may rely on them).

const SINGLE_LINE = /^[^\r\n]*$/;

const body = (max: number) => typedText(z.string().trim().max(max, "validation.tooLong")).optional();
const line = (max: number) => body(max).refine((v) => v === undefined || SINGLE_LINE.test(v), "validation.controlCharacters");

export const TopicSchema = z
  .object({ title: line(FORUM_TITLE_MAX), content: body(FORUM_POST_MAX) })
  .refine((v) => !!v.title && !!v.content, { message: "forum.fillBoth" });

const replyContent = typedText(
  z.string({ error: "forum.enterReply" }).trim().min(1, "forum.enterReply").max(FORUM_POST_MAX, "validation.tooLong"),
);

/** A member's reply to a topic. */
export const TopicReplySchema = z.object({ intent: z.literal("reply"), content: replyContent });

/** A topic's forms: a reply from members, and the admins' pin, unpin, lock and unlock. */
export const TopicActionSchema = z.discriminatedUnion("intent", [
  TopicReplySchema,
  z.object({ intent: z.enum(["pin", "unpin", "lock", "unlock"]) }),
]);

const RECIPIENT_ID = /^[0-9a-zA-Z-]{1,64}$/;

/** Every missing part is named at once: the recipient next to its field, blank texts for the form. */
export const MessageSchema = z
  .object({ recipientId: z.string().trim().optional(), subject: line(MESSAGE_SUBJECT_MAX), content: body(MESSAGE_CONTENT_MAX) })
  .superRefine((v, ctx) => {
    if (!v.recipientId || !RECIPIENT_ID.test(v.recipientId)) {
      ctx.addIssue({ code: "custom", path: ["recipientId"], message: "forum.messages.invalidRecipient" });
    }
    if (!v.subject || !v.content) ctx.addIssue({ code: "custom", path: [], message: "forum.messages.fillSubjectContent" });
  });

/** What a refused visitor may be told (the 403's body, which the forum's pages read): whether they are signed in, and their plan. Nothing of the forum. */
export interface ForumRefusal {
  forumAccess: { signedIn: boolean; plan: string | null };
}
