import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { ErrorPage } from "~/components/layout/error-page";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { ToastView } from "~/components/layout/toast-view";
import { VerifyEmailBanner } from "~/components/layout/verify-email-banner";
import { DEFAULT_LANGUAGE, MEMBER_COUNT } from "~/lib/constants";
import { currencyChoices } from "~/lib/currency";
import { currencyChoiceCookie, displayCurrency } from "~/lib/display-currency.server";
import { isSupportedLanguage } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { localeFileUrls } from "~/lib/locale-files";
import { languageChoiceCookie } from "~/lib/locale.server";
import { pageMeta } from "~/lib/meta";
import { useNonce } from "~/lib/request-context";
import { takeToast } from "~/lib/toast.server";
import { loadRates } from "~/models/exchange-rates.server";
import { isAdmin } from "~/services/auth.server";
import { readRequestState } from "~/services/session.server";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Session, member and cart count come from one query (readRequestState), shared by the guards.
  const [locale, t, { toast, setCookie }, lngCookie, { viewer }, admin, rates] = await Promise.all([
    i18nServer.getLocale(request),
    i18nServer.getFixedT(request),
    takeToast(context, request),
    languageChoiceCookie(request),
    readRequestState(request, context),
    isAdmin(request, context),
    context.contentVersion().then((version) => loadRates(context.db, version)),
  ]);
  const language = isSupportedLanguage(locale) ? locale : DEFAULT_LANGUAGE;
  const currencyCookie = currencyChoiceCookie(request);
  const { user, cartCount, inboxUnread, notificationsUnread } = viewer;
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (lngCookie) headers.append("Set-Cookie", lngCookie);
  if (currencyCookie) headers.append("Set-Cookie", currencyCookie);
  const meta = {
    siteName: t("meta.siteName"),
    description: t("meta.description", { members: MEMBER_COUNT }),
    notFound: t("notFound.title"),
    productNotFound: t("product.notFoundTitle"),
    error: t("error.title"),
  };
  return data(
    {
      locale,
      meta,
      toast,
      cartCount,
      inboxUnread,
      notificationsUnread,
      user: user ? { email: user.email, verified: user.emailVerified } : null,
      isAdmin: admin,
      // Conversions ("≈ €1,050") on any page read these (useDisplayCurrency); names from the server's ICU.
      displayCurrency: { code: displayCurrency(request, language), ...rates },
      currencies: currencyChoices(language),
    },
    { headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
  if (!error) return pageMeta(matches);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return pageMeta(matches, notFound ? data?.meta.notFound : data?.meta.error);
};

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const { t, i18n } = useTranslation();
  const locale = isSupportedLanguage(data?.locale) ? data.locale : isSupportedLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (
    <html lang={locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* The page's labels, which entry.client.tsx loads before it hydrates. */}
        <link rel="preload" as="fetch" crossOrigin="anonymous" href={localeFileUrls[locale]} />
      </head>
      <body className="flex min-h-screen flex-col bg-slate-50 font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          {t("header.skipToContent")}
        </a>
        <Header
          cartCount={data?.cartCount ?? 0}
          inboxUnread={data?.inboxUnread ?? 0}
          notificationsUnread={data?.notificationsUnread ?? 0}
          userEmail={data?.user?.email ?? null}
          isAdmin={data?.isAdmin ?? false}
          currency={data?.displayCurrency.code ?? null}
          currencies={data?.currencies ?? []}
        />
        {data?.user && !data.user.verified && <VerifyEmailBanner email={data.user.email} />}
        <main id="main" className="flex-1">
          {children}
        </main>
        <Footer />
        <ToastView toast={data?.toast ?? null} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { locale } = useLoaderData<typeof loader>();
  useChangeLanguage(locale);
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
