import type { Submission } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { composeEmail } from "~/lib/email";
import { clientAddress } from "~/lib/http";
import { i18nextFor, i18nServer } from "~/lib/i18n.server";
import { hashPassword } from "~/lib/password.server";
import { siteLink, siteUrl, type SiteUrl } from "~/lib/site";
import { invalidSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { queueEmail } from "~/models/outbox.server";
import { countAttempt, countAttempts, LIMITS, refundAttempts } from "~/models/rate-limits.server";
import { createAccount, findUserByEmail, type NewAccount } from "~/models/users.server";
import { linkEmailStatements, sendAfterResponse } from "~/services/email.server";
import type { Database } from "../../db/client";

type Owner = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;

/** What the owner of an address reads when someone signs up with it: nothing changed, and the ways in. */
function signUpAttemptEmail(owner: Owner, site: SiteUrl) {
  const { t } = i18nextFor(owner.language);
  return composeEmail(t("email.signUpAttempt.subject"), [
    t("email.greeting", { name: owner.fullName }),
    t("email.signUpAttempt.intro"),
    { label: t("email.signUpAttempt.signIn"), href: siteLink(site, "/auth") },
    { label: t("email.signUpAttempt.reset"), href: siteLink(site, "/forgot-password") },
    t("email.signUpAttempt.ignore"),
    t("email.signature"),
  ]);
}

/** Tells the owner (a few times an hour at most, so nobody can flood their mailbox through sign-up). */
async function warnOwner(db: Database, owner: Owner | null, site: SiteUrl) {
  if (!owner || (await countAttempt(db, LIMITS.signUpNoticesPerEmail, owner.email)).limited) return;
  await queueEmail(db, {
    userId: owner.id,
    to: owner.email,
    language: owner.language,
    kind: "signup_attempt",
    ...signUpAttemptEmail(owner, site),
  });
}

/**
 * The one way accounts are made (sign-up and membership): limits, validation answer, the account,
 * its verification e-mail and the answer. An address that has an account already gets exactly the
 * answer a new one gets (the same redirect and message, nobody signed in, about as slow: the
 * password is hashed all the same), and its owner an e-mail saying so, as /forgot-password tells
 * nobody whether an address is registered (OWASP). So a new account is not signed in either: its
 * owner signs in with the password they chose. Passwords never travel back.
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
  // arrive together cannot pass either limit; the outcome then takes back the one it is not. A
  // taken address counts as an account made: the limits must not tell it apart either.
  const asAccount = { limit: LIMITS.accountsPerClient, subject: client };
  const asFailure = { limit: LIMITS.failedSignUpsPerClient, subject: client };
  if ((await countAttempts(db, [asAccount, asFailure])).limited) {
    return invalidSubmission(submission, { formErrors: ["auth.tooManyAttempts"], hideFields }, 429);
  }
  if (submission.status !== "success") {
    await refundAttempts(db, [asAccount]);
    return invalidSubmission(submission, { hideFields });
  }

  const locale = await i18nServer.getLocale(request);
  const account = { ...toAccount(submission.value), language: locale };
  const owner = await findUserByEmail(db, account.email);
  let made = false;
  if (owner) {
    await hashPassword(account.password);
  } else {
    // The verification e-mail is written with the account, and sent after the response.
    const id = crypto.randomUUID();
    const verification = await linkEmailStatements(db, context.env, "verify_email", { id, ...account }, locale);
    made = (await createAccount(db, account, { id, also: verification })) !== null;
  }
  // Taken, or taken meanwhile by a sign-up that arrived together.
  if (!made) await warnOwner(db, owner ?? (await findUserByEmail(db, account.email)), siteUrl(context.env));
  await refundAttempts(db, [asFailure]);
  sendAfterResponse(context);

  return redirectWithToast(context, "/", { type: "success", title: "auth.successTitle", description: "auth.accountCreated" });
}
