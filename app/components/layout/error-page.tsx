import { isRouteErrorResponse, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isTranslationKey } from "~/lib/i18n";
import { useRequestId } from "~/lib/request-context";

const homeButton = "mt-6 inline-block rounded-md bg-orange-700 px-5 py-2.5 font-medium text-white hover:bg-orange-800";
const backButton = "mt-6 inline-block rounded-md border border-orange-700 px-5 py-2.5 font-medium text-orange-800 hover:bg-orange-50";

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
 * (the browser keeps that text; a page rendered in the browser has none to give). A refused
 * request (400, 409, 413...) says why and leads back to the page it came from, afresh.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const requestId = useRequestId();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A refusal may name the message key that says why (a body that is not a form, a plan's limit).
  const message: unknown = isRouteErrorResponse(error) ? error.data?.message : null;
  const reason = isTranslationKey(message) ? t(message) : null;
  const refused = status >= 400 && status < 500 && status !== 403 && status !== 429;
  const [title, description] =
    status === 403
      ? [t("error.forbiddenTitle"), reason ?? t("error.forbiddenDescription")]
      : status === 429
        ? [t("error.tooManyTitle"), t("error.tooManyDescription")]
        : refused
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
      <div className="flex flex-wrap justify-center gap-3">
        {refused && (
          <Link to={location.pathname + location.search} className={backButton}>
            {t("error.backToPage")}
          </Link>
        )}
        <Link to="/" className={homeButton}>
          {t("error.returnHome")}
        </Link>
      </div>
    </section>
  );
}
