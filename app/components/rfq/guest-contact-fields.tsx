import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Field, inputClass } from "~/components/ui/form";

type TextField = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;
/** The form's fields when its schema is the guest variant (with name and e-mail). */
export type GuestFields = { name?: TextField; email?: TextField };

/** Name and e-mail a guest gives with a request for quotation; members are known already. */
export function GuestContactFields({ fields }: { fields: GuestFields }) {
  const { t } = useTranslation();
  if (!fields.name || !fields.email) return null;
  return (
    <>
      <Field field={fields.name} label={t("rfq.name")}>
        <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" className={inputClass} />
      </Field>
      <Field field={fields.email} label={t("rfq.email")}>
        <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
      </Field>
    </>
  );
}
