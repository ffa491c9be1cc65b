import type { Submission } from "@conform-to/react";
import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { clientAddress, countAttempt, isRegistrationLimited, LIMITS } from "~/lib/rate-limit.server";
import { signInAs } from "~/lib/sign-in.server";
import { redirectWithToast } from "~/lib/toast.server";
import { createAccount, isEmailTaken, type NewAccount } from "~/models/users.server";

/**
 * The one way accounts are made (sign-up and membership): limits, validation answer, a taken
 * e-mail, the account, the session and the welcome toast. Passwords never travel back.
 */
export async function register<Input, Value>(
  request: Request,
  context: AppLoadContext,
  submission: Submission<Input, string[], Value>,
  toAccount: (value: Value) => NewAccount,
  hideFields: string[],
) {
  if (await isRegistrationLimited(context, request)) {
    return json(submission.reply({ formErrors: ["auth.tooManyAttempts"], hideFields }), { status: 429 });
  }
  const client = clientAddress(request);
  const refuse = async (reply: ReturnType<typeof submission.reply>) => {
    await countAttempt(context, LIMITS.failedSignUpsPerClient, client);
    return json(reply, { status: 400 });
  };
  if (submission.status !== "success") return refuse(submission.reply({ hideFields }));
  const account = toAccount(submission.value);
  const taken = () => refuse(submission.reply({ fieldErrors: { email: ["validation.emailTaken"] }, hideFields }));
  if (await isEmailTaken(context.db, account.email)) return taken();
  const userId = await createAccount(context.db, account);
  if (!userId) return taken();
  await countAttempt(context, LIMITS.accountsPerClient, client);

  return redirectWithToast(
    context,
    "/",
    { type: "success", title: "auth.successTitle", description: "auth.accountCreated" },
    { headers: await signInAs(request, context, userId) },
  );
}
