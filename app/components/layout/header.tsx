import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "~/components/layout/language-switcher";
import { SearchBox } from "~/components/layout/search-box";
import { MEMBER_COUNT, NAV_CATEGORIES, PHONE_INTERNATIONAL, PHONE_US, TOP_SEARCHES } from "~/lib/constants";
import { cartBadgeLabel, slugify } from "~/lib/format";

export interface HeaderProps {
  cartCount: number;
  /** Requests addressed to the member not opened yet. */
  inboxUnread: number;
  /** Notifications not read yet (the bell). */
  notificationsUnread: number;
  userEmail: string | null;
  isAdmin: boolean;
}

const ADMIN_LINKS = [
  { to: "/cms", label: "header.cmsManagement" },
  { to: "/forum", label: "header.forumManagement" },
  { to: "/analytics", label: "header.analyticsDashboard" },
  { to: "/leads-import", label: "header.bulkUpload" },
  { to: "/admin/members", label: "header.members" },
  { to: "/admin/outbox", label: "header.outbox" },
  { to: "/admin/messages", label: "header.contactMessages" },
  { to: "/admin/requests", label: "content.requests.menu" },
  { to: "/admin/verifications", label: "trust.admin.menu" },
  { to: "/admin/reports", label: "reports.admin.menu" },
] as const;

/**
 * The main navigation, with the one item the page belongs to marked: a section's pages mark the
 * section (a forum topic marks Forum), a category marks only that category, and the product list
 * without one marks Products.
 */
function useNavLinks() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const category = pathname === "/products" ? new URLSearchParams(search).get("category") : null;
  const inSection = (to: string) => pathname === to || (to !== "/" && pathname.startsWith(`${to}/`));
  return [
    { to: "/", label: t("nav.home"), current: pathname === "/" },
    { to: "/products", label: t("nav.products"), current: inSection("/products") && !category },
    { to: "/trade-leads", label: t("nav.tradeLeads"), current: inSection("/trade-leads") },
    { to: "/companies", label: t("nav.companies"), current: inSection("/companies") },
    { to: "/forum", label: t("nav.forum"), current: inSection("/forum") },
    ...NAV_CATEGORIES.map((name) => ({
      to: `/products?category=${encodeURIComponent(name)}`,
      label: t(`nav.${name.toLowerCase()}`),
      current: category === name,
    })),
    { to: "/membership", label: t("nav.membership"), current: inSection("/membership") },
    { to: "/contact", label: t("nav.contact"), current: inSection("/contact") },
  ];
}

export function Header({ cartCount, inboxUnread, notificationsUnread, userEmail, isAdmin }: HeaderProps) {
  const { t } = useTranslation();
  const navLinks = useNavLinks();
  const badge = cartBadgeLabel(cartCount);

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="bg-slate-900 text-sm text-slate-100">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-1.5">
          <p className="hidden md:block">{t("header.welcome", { members: MEMBER_COUNT })}</p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <span>
              {t("header.phoneInternational")}{" "}
              <a href={`tel:${PHONE_INTERNATIONAL}`} className="hover:underline">
                {PHONE_INTERNATIONAL}
              </a>
            </span>
            <span>
              {t("header.phoneUs")}{" "}
              <a href={`tel:${PHONE_US.replace(/[^\d+]/g, "")}`} className="hover:underline">
                {PHONE_US}
              </a>
            </span>
            <LanguageSwitcher />
            <details className="dropdown relative" data-testid="admin-menu">
              <summary className="cursor-pointer list-none rounded px-2 py-1 hover:bg-white/10">
                {t("header.admin")}
                <span className="sr-only"> ({t("header.adminMenu")})</span>
              </summary>
              <ul className="absolute right-0 z-30 mt-1 w-56 rounded border border-slate-200 bg-white py-1 text-slate-800 shadow-lg">
                {ADMIN_LINKS.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="block px-3 py-1.5 hover:bg-slate-100">
                      {t(link.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
            {isAdmin && (
              <>
                <span className="rounded bg-orange-700 px-2 py-0.5 text-xs font-bold uppercase tracking-wide" data-testid="admin-mode">
                  {t("header.adminMode")}
                </span>
                <Form method="post" action="/admin/logout">
                  <button type="submit" className="rounded px-2 py-1 hover:bg-white/10">
                    {t("header.adminLogout")}
                  </button>
                </Form>
              </>
            )}
            {userEmail ? (
              <>
                <span data-testid="greeting">{t("header.greeting", { email: userEmail })}</span>
                <Link to="/catalog" className="rounded px-2 py-1 hover:bg-white/10">
                  {t("nav.myCatalog")}
                </Link>
                <Link to="/requests" className="rounded px-2 py-1 hover:bg-white/10">
                  {t("header.myRequests")}
                </Link>
                <Link to="/inbox" className="rounded px-2 py-1 hover:bg-white/10" data-testid="inbox-link">
                  {t("header.inbox")}
                  {inboxUnread > 0 && (
                    <>
                      <span
                        aria-hidden="true"
                        className="ml-1 rounded-full bg-orange-800 px-1.5 text-xs font-bold text-white"
                        data-testid="inbox-count"
                      >
                        {inboxUnread}
                      </span>
                      <span className="sr-only">, {t("header.inboxUnread", { count: inboxUnread })}</span>
                    </>
                  )}
                </Link>
                <Link to="/notifications" className="rounded px-2 py-1 hover:bg-white/10" data-testid="bell">
                  <span aria-hidden="true">🔔</span>
                  <span className="sr-only">{t("header.notifications")}</span>
                  {notificationsUnread > 0 && (
                    <>
                      <span
                        aria-hidden="true"
                        className="ml-1 rounded-full bg-orange-800 px-1.5 text-xs font-bold text-white"
                        data-testid="bell-count"
                      >
                        {notificationsUnread}
                      </span>
                      <span className="sr-only">, {t("header.notificationsUnread", { count: notificationsUnread })}</span>
                    </>
                  )}
                </Link>
                <Link to="/settings" className="rounded px-2 py-1 hover:bg-white/10" data-testid="settings-link">
                  <span aria-hidden="true">⚙</span>
                  <span className="sr-only">{t("settings.nav")}</span>
                </Link>
                <Form method="post" action="/sign-out">
                  <button type="submit" className="rounded px-2 py-1 font-medium hover:bg-white/10">
                    {t("header.signOut")}
                  </button>
                </Form>
              </>
            ) : (
              <Link to="/auth" className="rounded px-2 py-1 font-medium hover:bg-white/10">
                {t("header.signIn")}
              </Link>
            )}
          </div>
        </div>
      </div>

      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 md:gap-6">
        <Link to="/" className="flex shrink-0 items-center gap-2" aria-label={t("header.logoAlt")}>
          <img src="/logo.svg" alt="" width="36" height="36" />
          <span className="hidden text-lg font-bold text-slate-900 sm:inline">{t("meta.siteName")}</span>
        </Link>
        <div className="hidden flex-1 md:flex">
          <SearchBox id="header-search" />
        </div>
        <Link
          to="/trade-leads/new?type=buy"
          className="ml-auto hidden shrink-0 rounded-md border border-orange-700 px-3 py-2 text-sm font-semibold text-orange-800 hover:bg-orange-50 sm:block"
        >
          {t("header.postRfq")}
        </Link>
        <Link
          to="/cart"
          className="relative ml-auto rounded-md p-2 text-slate-800 hover:bg-slate-100 sm:ml-0"
          aria-label={badge ? t("header.cartWithCount", { count: cartCount }) : t("header.cart")}
        >
          <svg aria-hidden="true" width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="9" cy="20" r="1.5" />
            <circle cx="18" cy="20" r="1.5" />
            <path d="M2 3h3l2.7 12.2a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 2-1.5L21 8H6" />
          </svg>
          {badge && (
            <span
              data-testid="cart-badge"
              className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white"
            >
              {badge}
            </span>
          )}
        </Link>
        <details className="dropdown md:hidden" data-testid="mobile-menu">
          <summary className="cursor-pointer list-none rounded-md border border-slate-300 px-3 py-2 text-slate-800">
            {t("header.menu")}
          </summary>
          <nav
            aria-label={t("header.mainNavigation")}
            className="absolute inset-x-0 z-30 mt-3 border-b border-slate-200 bg-white px-4 py-3 shadow-lg"
          >
            {/* The header's own Post RFQ link needs more room than a phone has. */}
            <Link
              to="/trade-leads/new?type=buy"
              className="mb-2 block rounded-md border border-orange-700 px-3 py-2 text-center font-semibold text-orange-800 hover:bg-orange-50 sm:hidden"
            >
              {t("header.postRfq")}
            </Link>
            <ul className="grid gap-1">
              {navLinks.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    aria-current={link.current ? "page" : undefined}
                    className="block rounded px-2 py-2 text-slate-800 hover:bg-slate-100 aria-[current=page]:font-semibold"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </details>
      </div>
      <div className="px-4 pb-3 md:hidden">
        <SearchBox id="header-search-mobile" />
      </div>

      <nav aria-label={t("header.mainNavigation")} className="hidden border-t border-slate-100 md:block">
        <ul className="mx-auto flex max-w-7xl flex-wrap gap-1 px-4 py-1 text-sm font-medium">
          {navLinks.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                aria-current={link.current ? "page" : undefined}
                className="block rounded px-3 py-2 text-slate-700 hover:bg-orange-50 hover:text-orange-800 aria-[current=page]:text-orange-800"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="bg-orange-50 text-sm">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2">
          <span className="font-semibold text-slate-800">{t("header.topSearches")}</span>
          {TOP_SEARCHES.map((term) => (
            <Link key={term} to={`/products?search=${encodeURIComponent(term)}`} className="text-orange-900 hover:underline">
              {t(`header.topSearchTerms.${slugify(term)}`)}
            </Link>
          ))}
        </div>
      </div>
    </header>
  );
}
