import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Until the member opens the link sent at sign-up: what to do, and a way to get a new link. */
export function VerifyEmailBanner({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <div className="border-b border-amber-300 bg-amber-50" data-testid="verify-banner">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-2 text-sm text-amber-950">
        <p>{t("verify.banner", { email })}</p>
        <Form method="post" action="/verify-email">
          <button
            type="submit"
            name="intent"
            value="resend"
            className="rounded-md border border-amber-700 px-3 py-1 font-semibold text-amber-950 hover:bg-amber-100"
          >
            {t("verify.resend")}
          </button>
        </Form>
      </div>
    </div>
  );
}
