import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { CurrencySwitcher } from "~/components/layout/currency-switcher";
import { LanguageSwitcher } from "~/components/layout/language-switcher";
import { SearchBox } from "~/components/layout/search-box";
import { Icon } from "~/components/ui/icon";
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
  /** The display currency, and the ones to choose from (named in the reader's language). */
  currency?: string | null;
  currencies?: { code: string; name: string }[];
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
  { to: "/admin/currencies", label: "currency.admin.menu" },
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

/**
 * With JavaScript on, a page change does not reload the header: its open menus close when the
 * page changes, and Escape closes them (returning focus to the menu's button).
 */
function useMenusThatClose() {
  const header = useRef<HTMLElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    header.current?.querySelectorAll("details[open]").forEach((menu) => menu.removeAttribute("open"));
  }, [key]);
  useEffect(() => {
    const element = header.current;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      const menu = (event.target as Element | null)?.closest?.("details[open]");
      if (!menu) return;
      menu.removeAttribute("open");
      menu.querySelector("summary")?.focus();
    }
    element?.addEventListener("keydown", onKeyDown);
    return () => element?.removeEventListener("keydown", onKeyDown);
  }, []);
  return header;
}

const topBarButton = "rounded px-2 py-1 hover:bg-white/10";
const iconLink = "relative shrink-0 rounded-md p-2 text-slate-800 hover:bg-slate-100";
const menuItem = "block w-full px-3 py-1.5 text-left hover:bg-slate-100";

/** A count on an icon: shown to the eye; screen readers hear `label` instead. */
function CountBadge({ count, label, testId }: { count: number; label: string; testId: string }) {
  if (count <= 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className="absolute -right-1 -top-1 min-w-5 rounded-full bg-orange-800 px-1 text-center text-xs font-bold leading-5 text-white"
        data-testid={testId}
      >
        {count}
      </span>
      <span className="sr-only">, {label}</span>
    </>
  );
}

/**
 * Every row of the header keeps to one line at 1280 px in all six languages (tests/e2e/header.test.ts):
 * the top bar's welcome line gives way (cut with an ellipsis; its whole text stays for screen readers
 * and in its title), and a member's own links sit in one account menu beside the cart.
 */
export function Header({ cartCount, inboxUnread, notificationsUnread, userEmail, isAdmin, currency = null, currencies = [] }: HeaderProps) {
  const { t } = useTranslation();
  const navLinks = useNavLinks();
  const badge = cartBadgeLabel(cartCount);
  const header = useMenusThatClose();
  const welcome = t("header.welcome", { members: MEMBER_COUNT });

  return (
    <header ref={header} className="border-b border-slate-200 bg-white">
      <div className="bg-slate-900 text-sm text-slate-100">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-1.5" data-testid="top-bar">
          {/* Its basis is nothing, so it takes the room left over and never pushes the others to another line. */}
          <p className="hidden min-w-0 flex-1 basis-0 truncate md:block" title={welcome}>
            {welcome}
          </p>
          <span className="whitespace-nowrap">
            {t("header.phoneInternational")}{" "}
            <a href={`tel:${PHONE_INTERNATIONAL}`} className="hover:underline">
              {PHONE_INTERNATIONAL}
            </a>
          </span>
          <span className="whitespace-nowrap">
            {t("header.phoneUs")}{" "}
            <a href={`tel:${PHONE_US.replace(/[^\d+]/g, "")}`} className="hover:underline">
              {PHONE_US}
            </a>
          </span>
          <LanguageSwitcher />
          <CurrencySwitcher current={currency} currencies={currencies} />
          <details className="dropdown relative" data-testid="admin-menu">
            <summary className={`flex cursor-pointer list-none items-center gap-2 whitespace-nowrap ${topBarButton}`}>
              {t("header.admin")}
              {isAdmin && (
                <span className="rounded bg-orange-700 px-2 py-0.5 text-xs font-bold uppercase tracking-wide" data-testid="admin-mode">
                  {t("header.adminMode")}
                </span>
              )}
              <span className="sr-only"> ({t("header.adminMenu")})</span>
            </summary>
            {/* Links in a box, no list, as in the account menu: the header is on every page. */}
            <div className="absolute right-0 z-30 mt-1 w-56 rounded border border-slate-200 bg-white py-1 text-slate-800 shadow-lg">
              {ADMIN_LINKS.map((link) => (
                <Link key={link.to} to={link.to} className={menuItem}>
                  {t(link.label)}
                </Link>
              ))}
              {isAdmin && (
                <Form method="post" action="/admin/logout" className="mt-1 border-t border-slate-200 pt-1">
                  <button type="submit" className={`${menuItem} font-medium`}>
                    {t("header.adminLogout")}
                  </button>
                </Form>
              )}
            </div>
          </details>
        </div>
      </div>

      <div className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-3 md:gap-4" data-testid="main-bar">
        <Link to="/" className="flex shrink-0 items-center gap-2" aria-label={t("header.logoAlt")}>
          <img src="/logo.svg" alt="" width="36" height="36" />
          <span className="hidden whitespace-nowrap text-lg font-bold text-slate-900 sm:inline">{t("meta.siteName")}</span>
        </Link>
        <div className="hidden min-w-0 flex-1 md:flex">
          <SearchBox id="header-search" />
        </div>
        <Link
          to="/trade-leads/new?type=buy"
          className="ml-auto hidden shrink-0 whitespace-nowrap rounded-md border border-orange-700 px-3 py-2 text-sm font-semibold text-orange-800 hover:bg-orange-50 sm:block"
        >
          {t("header.postRfq")}
        </Link>
        {userEmail ? (
          <>
            <Link to="/inbox" className={`${iconLink} ml-auto sm:ml-0`} title={t("header.inbox")} data-testid="inbox-link">
              <Icon name="inbox" />
              <span className="sr-only">{t("header.inbox")}</span>
              <CountBadge count={inboxUnread} label={t("header.inboxUnread", { count: inboxUnread })} testId="inbox-count" />
            </Link>
            <Link to="/notifications" className={iconLink} title={t("header.notifications")} data-testid="bell">
              <Icon name="bell" />
              <span className="sr-only">{t("header.notifications")}</span>
              <CountBadge
                count={notificationsUnread}
                label={t("header.notificationsUnread", { count: notificationsUnread })}
                testId="bell-count"
              />
            </Link>
            <details className="dropdown relative min-w-0 shrink" data-testid="account-menu">
              <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md p-2 text-sm text-slate-800 hover:bg-slate-100">
                <Icon name="user" />
                {/* The e-mail address can be long: cut to fit, whole for screen readers and in the title. */}
                <span className="hidden max-w-[13rem] truncate lg:inline" title={userEmail} data-testid="greeting">
                  {t("header.greeting", { email: userEmail })}
                </span>
                <span className="sr-only"> ({t("header.accountMenu")})</span>
              </summary>
              <div className="absolute right-0 z-30 mt-1 w-60 rounded border border-slate-200 bg-white py-1 text-sm text-slate-800 shadow-lg">
                <p className="break-all border-b border-slate-200 px-3 pb-2 pt-1 text-slate-600 lg:hidden">{userEmail}</p>
                <Link to="/catalog" className={menuItem}>
                  {t("nav.myCatalog")}
                </Link>
                <Link to="/requests" className={menuItem}>
                  {t("header.myRequests")}
                </Link>
                <Link to="/settings" className={menuItem} data-testid="settings-link">
                  {t("settings.nav")}
                </Link>
                <Form method="post" action="/sign-out" className="mt-1 border-t border-slate-200 pt-1">
                  <button type="submit" className={`${menuItem} font-medium`}>
                    {t("header.signOut")}
                  </button>
                </Form>
              </div>
            </details>
          </>
        ) : (
          <Link
            to="/auth"
            className="ml-auto shrink-0 whitespace-nowrap rounded-md px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 sm:ml-0"
          >
            {t("header.signIn")}
          </Link>
        )}
        <Link
          to="/cart"
          className="relative shrink-0 rounded-md p-2 text-slate-800 hover:bg-slate-100"
          // Past the cap the name says what the badge shows ('Cart, 99+ items (500)'), so the name holds the visible text.
          aria-label={
            !badge
              ? t("header.cart")
              : badge === String(cartCount)
                ? t("header.cartWithCount", { count: cartCount })
                : t("moq.cartOverCap", { count: cartCount, badge })
          }
        >
          <Icon name="cart" size={26} />
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
        <ul className="mx-auto flex max-w-7xl flex-wrap gap-1 px-4 py-1 text-sm font-medium" data-testid="nav-bar">
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
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2" data-testid="top-searches">
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
