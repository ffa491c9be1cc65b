import type { Submission } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { clientAddress } from "~/lib/http";
import { invalidSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { countAttempt, isLimited, LIMITS } from "~/models/rate-limits.server";
import { createAccount, isEmailTaken, type NewAccount } from "~/models/users.server";
import { signInAs } from "~/services/auth.server";

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
  const limited = await Promise.all([
    isLimited(db, LIMITS.failedSignUpsPerClient, client),
    isLimited(db, LIMITS.accountsPerClient, client),
  ]);
  if (limited.some(Boolean)) return invalidSubmission(submission, { formErrors: ["auth.tooManyAttempts"], hideFields }, 429);

  const refuse = async (options: { fieldErrors?: Record<string, string[]> }) => {
    await countAttempt(db, LIMITS.failedSignUpsPerClient, client);
    return invalidSubmission(submission, { ...options, hideFields });
  };
  if (submission.status !== "success") return refuse({});
  const account = toAccount(submission.value);
  const taken = { fieldErrors: { email: ["validation.emailTaken"] } };
  if (await isEmailTaken(db, account.email)) return refuse(taken);
  const userId = await createAccount(db, account);
  if (!userId) return refuse(taken);
  await countAttempt(db, LIMITS.accountsPerClient, client);

  return redirectWithToast(
    context,
    "/",
    { type: "success", title: "auth.successTitle", description: "auth.accountCreated" },
    { headers: await signInAs(request, context, userId) },
  );
}
