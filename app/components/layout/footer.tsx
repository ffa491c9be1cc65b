import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PHONE_INTERNATIONAL, PHONE_US } from "~/lib/constants";

// Items with no page yet are plain text, not dead links.
const PLAIN_ITEMS = {
  forBuyers: ["tradeShows", "marketIntelligence", "postRfq"],
  forSuppliers: ["premiumServices", "tradeAlerts", "businessVerification"],
  support: ["helpCenter", "liveChat", "faq", "terms", "privacy"],
} as const;

export function Footer() {
  const { t } = useTranslation();
  const linkClass = "text-slate-300 hover:text-white hover:underline";
  return (
    <footer className="mt-16 bg-slate-900 text-sm text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-1">
          <p className="text-base font-bold text-white">{t("meta.siteName")}</p>
          <p className="mt-2">{t("footer.about")}</p>
        </div>
        <nav aria-label={t("footer.quickLinks")}>
          <h2 className="mb-3 font-semibold text-white">{t("footer.quickLinks")}</h2>
          <ul className="grid gap-2">
            <li>
              <Link className={linkClass} to="/">
                {t("nav.home")}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/products">
                {t("nav.products")}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/trade-leads">
                {t("nav.tradeLeads")}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/contact">
                {t("nav.contact")}
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 font-semibold text-white">{t("footer.forBuyers")}</h2>
          <ul className="grid gap-2">
            <li>
              <Link className={linkClass} to="/membership">
                {t("footer.joinAsBuyer")}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/companies">
                {t("footer.companies")}
              </Link>
            </li>
            {PLAIN_ITEMS.forBuyers.map((key) => (
              <li key={key}>{t(`footer.${key}`)}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="mb-3 font-semibold text-white">{t("footer.forSuppliers")}</h2>
          <ul className="grid gap-2">
            <li>
              <Link className={linkClass} to="/membership">
                {t("footer.joinAsSupplier")}
              </Link>
            </li>
            {PLAIN_ITEMS.forSuppliers.map((key) => (
              <li key={key}>{t(`footer.${key}`)}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="mb-3 font-semibold text-white">{t("footer.support")}</h2>
          <ul className="grid gap-2">
            {PLAIN_ITEMS.support.map((key) => (
              <li key={key}>{t(`footer.${key}`)}</li>
            ))}
          </ul>
          <p className="mt-4 font-semibold text-white">{t("footer.supportLines")}</p>
          <p>
            {t("header.phoneInternational")}{" "}
            <a className={linkClass} href={`tel:${PHONE_INTERNATIONAL}`}>
              {PHONE_INTERNATIONAL}
            </a>
          </p>
          <p>
            {t("header.phoneUs")}{" "}
            <a className={linkClass} href={`tel:${PHONE_US.replace(/[^\d+]/g, "")}`}>
              {PHONE_US}
            </a>
          </p>
        </div>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-slate-400">
        {t("footer.rights", { year: new Date().getUTCFullYear() })}
      </p>
    </footer>
  );
}
