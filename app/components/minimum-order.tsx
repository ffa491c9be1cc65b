import { useTranslation } from "react-i18next";
import type { MinimumOrder } from "~/lib/order-quantity";

/** A quantity of a listing's unit as a sentence reads it: '500 pieces', '1 metric ton'. */
export function useQuantityText() {
  const { t } = useTranslation();
  return (count: number, unit: string) => t(`terms.quantity.${unit}`, { count });
}

/** 'The minimum order is 500 pieces.': beside a quantity field that asked for less. */
export function BelowMinimumMessage({ id, moq, unit }: { id?: string } & MinimumOrder) {
  const { t } = useTranslation();
  const quantity = useQuantityText();
  return (
    <p id={id} className="mt-1 text-sm text-red-700" role="alert" data-testid="below-minimum">
      {t("moq.belowMinimum", { quantity: quantity(moq, unit) })}
    </p>
  );
}

/** The action's refusal of a quantity below the minimum order, when it is one (and for this line or product). */
export function belowMinimumAnswer(answer: unknown, at: { lineId?: string; productId?: number }) {
  if (!answer || typeof answer !== "object" || (answer as { message?: unknown }).message !== "moq.belowMinimum") return null;
  const refusal = answer as MinimumOrder & { lineId?: string; productId?: number; title?: string };
  if (at.lineId !== undefined && refusal.lineId !== at.lineId) return null;
  if (at.productId !== undefined && refusal.productId !== at.productId) return null;
  return refusal;
}
