import { getInputProps, useField, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Field, inputClass } from "~/components/ui/form";

type TextField = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;
/** The form's fields when its schema is the guest variant (with name and e-mail). */
export type GuestFields = { name?: TextField; email?: TextField };

/** Name and e-mail a guest gives with a request for quotation; members are known already. */
export function GuestContactFields({ fields }: { fields: GuestFields }) {
  if (!fields.name || !fields.email) return null;
  return (
    <>
      <GuestField parent={fields.name} label="rfq.name" type="text" autoComplete="name" />
      <GuestField parent={fields.email} label="rfq.email" type="email" autoComplete="email" />
    </>
  );
}

/**
 * One field, subscribed with useField: conform re-renders only the components that read a
 * field's errors, so a message from the browser's validation would stay unseen if read through
 * the parent's metadata.
 */
function GuestField({ parent, label, type, autoComplete }: { parent: TextField; label: string; type: "text" | "email"; autoComplete: string }) {
  const { t } = useTranslation();
  const [field] = useField<string | undefined>(parent.name, { formId: parent.formId });
  return (
    <Field id={field.id} label={t(label)} errors={field.errors} errorId={field.errorId}>
      <input {...getInputProps(field, { type })} autoComplete={autoComplete} className={inputClass} />
    </Field>
  );
}
