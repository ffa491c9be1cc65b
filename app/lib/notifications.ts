import type { TFunction } from "i18next";
import { formatPrice } from "~/lib/format";

/**
 * What a notification names, as its event stored it (JSON): a reference, a company, a product, a
 * quote's total and currency, a reason. `context` picks the wording of its kind (a quote sent or
 * revised, a verification approved or rejected: i18next's `_sent`, `_rejected` keys); a
 * notification written before its kind had wordings has none and reads the kind's first words.
 */
export type NotificationData = Record<string, string | number | null>;

/**
 * The values a notification's words read, in the reader's language: a total with its currency
 * ('US$12,000.00', '12.000,00 US$'), the first product with how many more; the rest as stored.
 */
export function notificationValues(t: TFunction, data: NotificationData, locale: string): NotificationData {
  const values = { ...data };
  if (typeof data.total === "number" && typeof data.currency === "string") values.total = formatPrice(data.total, data.currency, locale);
  if (typeof data.product === "string" && typeof data.more === "number" && data.more > 0)
    values.product = t("notifications.productAndMore", { product: data.product, count: data.more });
  return values;
}

/** A notification as the bell's list and the daily digest say it. */
export function notificationLabel(t: TFunction, kind: string, data: NotificationData, locale: string) {
  return t(`notifications.kinds.${kind}`, notificationValues(t, data, locale));
}
