import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { TOAST_DURATION_MS } from "~/lib/constants";
import type { Toast } from "~/lib/toast.server";

/**
 * One toast at a time. Without JavaScript a CSS animation hides it after the same delay and
 * the dismiss link reloads the page (the flash cookie is already spent).
 */
export function ToastView({ toast }: { toast: Toast | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    setHidden(false);
    if (!toast) return;
    const timer = setTimeout(() => setHidden(true), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  if (!toast || hidden) return null;
  const tone = toast.type === "error" ? "border-red-700 bg-red-50 text-red-900" : "border-green-700 bg-green-50 text-green-900";
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      className={`toast fixed bottom-4 right-4 z-50 w-80 rounded-md border-l-4 p-4 shadow-lg ${tone}`}
      data-testid="toast"
    >
      <div className="flex items-start gap-3">
        <div className="flex-1">
          <p className="font-semibold">{t(toast.title, toast.values)}</p>
          {toast.description && <p className="mt-1 text-sm">{t(toast.description, toast.values)}</p>}
        </div>
        <a
          href={location.pathname + location.search}
          onClick={(event) => {
            event.preventDefault();
            setHidden(true);
          }}
          className="rounded px-1 text-lg leading-none"
          aria-label={t("toast.dismiss")}
        >
          ×
        </a>
      </div>
    </div>
  );
}
