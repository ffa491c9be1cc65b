import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { planLabel } from "~/lib/i18n";

const FEATURES = ["discussions", "productQuestions", "marketInsights", "networking", "privateMessaging"] as const;

/**
 * 'Trade Forum Access': what a visitor without access sees. It knows only whether they are
 * signed in and their plan; no forum data reaches this screen. Private messages are refused under
 * their own name (`subject`): to a reader they are not the forum.
 */
export function ForumAccess({
  signedIn,
  plan,
  redirectTo = "/forum",
  subject = "forum",
}: {
  signedIn: boolean;
  plan: string | null;
  redirectTo?: string;
  subject?: "forum" | "messages";
}) {
  const { t } = useTranslation();
  const texts = subject === "messages" ? "forum.messages.access" : "forum.access";
  return (
    <section className="mx-auto max-w-2xl px-4 py-12" data-testid="forum-access">
      <div className="rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-3xl font-bold">{t(`${texts}.title`)}</h1>
        <p className="mt-3 text-slate-700">{t(`${texts}.description`)}</p>
        {signedIn && plan && (
          <p className="mt-4 font-medium text-slate-800" data-testid="current-status">
            {t("forum.access.currentStatus", { plan: planLabel(t, plan) })}
          </p>
        )}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {!signedIn && (
            <Link
              to={`/auth?redirectTo=${encodeURIComponent(redirectTo)}`}
              className="rounded-md bg-orange-700 px-5 py-2.5 font-semibold text-white hover:bg-orange-800"
            >
              {t("forum.access.signIn")}
            </Link>
          )}
          {signedIn && (
            <Link to="/membership" className="rounded-md bg-orange-700 px-5 py-2.5 font-semibold text-white hover:bg-orange-800">
              {t("forum.access.upgrade")}
            </Link>
          )}
          <Link
            to={`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`}
            className="rounded-md border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
          >
            {t("forum.access.adminAccess")}
          </Link>
        </div>
        <div className="mt-8 text-left">
          <h2 className="text-lg font-semibold">{t("forum.access.featuresTitle")}</h2>
          <ul className="mt-3 grid gap-2">
            {FEATURES.map((feature) => (
              <li key={feature} className="flex gap-2 text-slate-800">
                <span aria-hidden="true" className="text-green-700">
                  ✓
                </span>
                {t(`forum.access.features.${feature}`)}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

/** Private messages for someone who is not signed in. */
export function SignInRequired() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="sign-in-required">
      <h1 className="text-3xl font-bold">{t("forum.messages.signInTitle")}</h1>
      <p className="mt-3 text-slate-700">{t("forum.messages.signInDescription")}</p>
      <Link
        to="/auth?redirectTo=%2Fmessages"
        className="mt-6 inline-block rounded-md bg-orange-700 px-5 py-2.5 font-semibold text-white hover:bg-orange-800"
      >
        {t("forum.access.signIn")}
      </Link>
    </section>
  );
}
