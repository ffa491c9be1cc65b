import { isRouteErrorResponse, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useRequestId } from "~/lib/request-context";

const homeButton = "mt-6 inline-block rounded-md bg-orange-700 px-5 py-2.5 font-medium text-white hover:bg-orange-800";

/** The spec's 404 page. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-7xl font-extrabold text-orange-700">{t("notFound.code")}</p>
      <h1 className="mt-4 text-2xl font-semibold">{t("notFound.title")}</h1>
      <Link to="/" className={homeButton}>
        {t("notFound.returnHome")}
      </Link>
    </section>
  );
}

/**
 * What any error boundary shows for an error it has no page of its own for; never a stack trace.
 * Rendered by the server, an unexpected error's page names the reference it was logged with
 * (the browser keeps that text; a page rendered in the browser has none to give).
 */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const requestId = useRequestId();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A refusal may name the message key that says why (a body that is not a form, a plan's limit).
  const message = isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : null;
  const reason = message && /^[a-z][A-Za-z]*(\.[A-Za-z0-9]+)+$/.test(message) ? t(message) : null;
  const [title, description] =
    status === 403
      ? [t("error.forbiddenTitle"), reason ?? t("error.forbiddenDescription")]
      : status === 429
        ? [t("error.tooManyTitle"), t("error.tooManyDescription")]
        : status >= 400 && status < 500
          ? [t("error.badRequestTitle"), reason ?? t("error.badForm")]
          : [t("error.title"), t("error.description")];
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-slate-700">{description}</p>
      {status >= 500 && (
        <p className="mt-2 text-sm text-slate-600" suppressHydrationWarning data-testid="error-reference">
          {requestId && t("error.reference", { reference: requestId })}
        </p>
      )}
      <Link to="/" className={homeButton}>
        {t("error.returnHome")}
      </Link>
    </section>
  );
}
