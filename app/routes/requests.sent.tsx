import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CHECKOUT_MAX_SUPPLIERS } from "~/lib/constants";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { getUser } from "~/services/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

/**
 * The confirmation shows only the reference and the number of suppliers it was given, so it
 * reveals nothing about any request; a visitor's request (`confirm=email`) waits for the link we
 * e-mailed them.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const reference = url.searchParams.get("ref") ?? "";
  const suppliers = Number(url.searchParams.get("suppliers"));
  const awaitsConfirmation = url.searchParams.get("confirm") === "email";
  const [t, user] = await Promise.all([i18nServer.getFixedT(request), getUser(request, context)]);
  return {
    title: awaitsConfirmation ? t("rfq.confirmTitle") : t("rfq.sentTitle"),
    reference: /^RFQ-[0-9A-F]{8}$/.test(reference) ? reference : null,
    suppliers: Number.isInteger(suppliers) && suppliers >= 1 && suppliers <= CHECKOUT_MAX_SUPPLIERS ? suppliers : 1,
    awaitsConfirmation,
    member: !!user,
  };
}

export default function RequestSent() {
  const { reference, suppliers, awaitsConfirmation, member } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{awaitsConfirmation ? t("rfq.confirmTitle") : t("rfq.sentTitle")}</h1>
      <p className="mt-3 text-slate-700" data-testid="sent-text">
        {t(awaitsConfirmation ? "rfq.confirmText" : "rfq.sentText", { count: suppliers })}
      </p>
      {reference && (
        <p className="mt-4 font-mono text-lg font-semibold" data-testid="reference">
          {reference}
        </p>
      )}
      <div className="mt-8 flex justify-center gap-3">
        {member && (
          <Link to="/requests" className="rounded-md bg-orange-700 px-5 py-2.5 font-semibold text-white hover:bg-orange-800">
            {t("rfq.myRequests")}
          </Link>
        )}
        <Link to="/products" className="rounded-md border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">
          {t("cart.browseProducts")}
        </Link>
      </div>
    </div>
  );
}
