import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Field, inputClass } from "~/components/ui/form";

type TextField = FieldMetadata<string | undefined>;

/** Name and e-mail a guest gives with a request for quotation; members are known already. */
export function GuestContactFields({ fields }: { fields: { name: TextField; email: TextField } }) {
  const { t } = useTranslation();
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
