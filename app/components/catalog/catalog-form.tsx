import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors, inputClass, SubmitButton } from "~/components/ui/form";
import { useSchemaForm } from "~/lib/forms";
import { CatalogSchema } from "~/lib/schemas";

/** 'Create Catalog': company name required; website and e-mail checked for their format. */
export function CatalogForm({ lastResult }: { lastResult?: unknown }) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(CatalogSchema, { id: "create-catalog", lastResult });
  const optional = t("auth.optional");
  return (
    <Form method="post" action="/catalog" {...getFormProps(form)} className="grid gap-4" data-testid="catalog-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field field={fields.companyName} label={t("catalog.fields.companyName")}>
        <input {...getInputProps(fields.companyName, { type: "text" })} autoComplete="organization" className={inputClass} />
      </Field>
      <Field field={fields.businessDescription} label={t("catalog.fields.businessDescription")} hint={optional}>
        <textarea {...getTextareaProps(fields.businessDescription)} rows={3} className={inputClass} />
      </Field>
      <Field field={fields.servicesDescription} label={t("catalog.fields.servicesDescription")} hint={optional}>
        <textarea {...getTextareaProps(fields.servicesDescription)} rows={3} className={inputClass} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field field={fields.websiteUrl} label={t("catalog.fields.websiteUrl")} hint={optional}>
          <input {...getInputProps(fields.websiteUrl, { type: "url" })} placeholder="https://" className={inputClass} />
        </Field>
        <Field field={fields.contactEmail} label={t("catalog.fields.contactEmail")} hint={optional}>
          <input {...getInputProps(fields.contactEmail, { type: "email" })} autoComplete="email" className={inputClass} />
        </Field>
        <Field field={fields.contactPhone} label={t("catalog.fields.contactPhone")} hint={optional}>
          <input {...getInputProps(fields.contactPhone, { type: "tel" })} autoComplete="tel" className={inputClass} />
        </Field>
      </div>
      <SubmitButton label={t("catalog.createSubmit")} pendingLabel={t("catalog.creatingCatalog")} intent="createCatalog" />
    </Form>
  );
}
