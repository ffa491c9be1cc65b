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
      <Field
        id={fields.companyName.id}
        label={t("catalog.fields.companyName")}
        errors={fields.companyName.errors}
        errorId={fields.companyName.errorId}
      >
        <input {...getInputProps(fields.companyName, { type: "text" })} autoComplete="organization" className={inputClass} />
      </Field>
      <Field
        id={fields.businessDescription.id}
        label={t("catalog.fields.businessDescription")}
        hint={optional}
        errors={fields.businessDescription.errors}
        errorId={fields.businessDescription.errorId}
      >
        <textarea {...getTextareaProps(fields.businessDescription)} rows={3} className={inputClass} />
      </Field>
      <Field
        id={fields.servicesDescription.id}
        label={t("catalog.fields.servicesDescription")}
        hint={optional}
        errors={fields.servicesDescription.errors}
        errorId={fields.servicesDescription.errorId}
      >
        <textarea {...getTextareaProps(fields.servicesDescription)} rows={3} className={inputClass} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          id={fields.websiteUrl.id}
          label={t("catalog.fields.websiteUrl")}
          hint={optional}
          errors={fields.websiteUrl.errors}
          errorId={fields.websiteUrl.errorId}
        >
          <input {...getInputProps(fields.websiteUrl, { type: "url" })} placeholder="https://" className={inputClass} />
        </Field>
        <Field
          id={fields.contactEmail.id}
          label={t("catalog.fields.contactEmail")}
          hint={optional}
          errors={fields.contactEmail.errors}
          errorId={fields.contactEmail.errorId}
        >
          <input {...getInputProps(fields.contactEmail, { type: "email" })} autoComplete="email" className={inputClass} />
        </Field>
        <Field
          id={fields.contactPhone.id}
          label={t("catalog.fields.contactPhone")}
          hint={optional}
          errors={fields.contactPhone.errors}
          errorId={fields.contactPhone.errorId}
        >
          <input {...getInputProps(fields.contactPhone, { type: "tel" })} autoComplete="tel" className={inputClass} />
        </Field>
      </div>
      <SubmitButton label={t("catalog.createSubmit")} pendingLabel={t("catalog.creatingCatalog")} intent="createCatalog" />
    </Form>
  );
}
