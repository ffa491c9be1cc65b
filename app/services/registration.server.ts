import type { Submission } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { clientAddress } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { invalidSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { countAttempts, LIMITS, refundAttempts } from "~/models/rate-limits.server";
import { createAccount, isEmailTaken, type NewAccount } from "~/models/users.server";
import { signInAs } from "~/services/auth.server";
import { linkEmailStatements, sendAfterResponse } from "~/services/email.server";

/**
 * The one way accounts are made (sign-up and membership): limits, validation answer, a taken
 * e-mail, the account, the session and the welcome toast. Passwords never travel back.
 */
export async function register<Value>(
  request: Request,
  context: AppLoadContext,
  submission: Submission<unknown, string[], Value>,
  toAccount: (value: Value) => NewAccount,
  hideFields: string[],
) {
  const { db } = context;
  const client = clientAddress(request);
  // A try counts as an account made and as a failure before anything is checked, so tries that
  // arrive together cannot pass either limit; the outcome then takes back the one it is not.
  const asAccount = { limit: LIMITS.accountsPerClient, subject: client };
  const asFailure = { limit: LIMITS.failedSignUpsPerClient, subject: client };
  if ((await countAttempts(db, [asAccount, asFailure])).limited) {
    return invalidSubmission(submission, { formErrors: ["auth.tooManyAttempts"], hideFields }, 429);
  }

  const refuse = async (options: { fieldErrors?: Record<string, string[]> }) => {
    await refundAttempts(db, [asAccount]);
    return invalidSubmission(submission, { ...options, hideFields });
  };
  if (submission.status !== "success") return refuse({});
  const locale = await i18nServer.getLocale(request);
  const account = { ...toAccount(submission.value), language: locale };
  const taken = { fieldErrors: { email: ["validation.emailTaken"] } };
  if (await isEmailTaken(db, account.email)) return refuse(taken);
  // The verification e-mail is written with the account, and sent after the response.
  const id = crypto.randomUUID();
  const verification = await linkEmailStatements(db, context.env, "verify_email", { id, ...account }, locale);
  const userId = await createAccount(db, account, { id, also: verification });
  if (!userId) return refuse(taken);
  await refundAttempts(db, [asFailure]);
  sendAfterResponse(context);

  return redirectWithToast(
    context,
    "/",
    { type: "success", title: "auth.successTitle", description: "auth.accountCreated" },
    // A brand-new account cannot have been suspended yet: it always gets its session.
    { headers: (await signInAs(request, context, userId)) ?? undefined },
  );
}
