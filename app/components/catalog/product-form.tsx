import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors, inputClass } from "~/components/ui/form";
import { MAX_IMAGES_PER_CATALOG_PRODUCT } from "~/lib/constants";
import { submissionResult, useSchemaForm } from "~/lib/forms";
import { useHydrated } from "~/lib/hooks";
import { IMAGE_TYPES } from "~/lib/images";
import { CatalogProductSchema } from "~/lib/schemas";

export const productFormAction = (catalogId: string) => `/catalog/${encodeURIComponent(catalogId)}/products/new`;

/**
 * The images go last, after their sizes: knowing each image's length before its bytes arrive
 * lets the server stream it straight into storage instead of holding it.
 */
function withDeclaredSizes(data: FormData) {
  const images = data.getAll("images").filter((f): f is File => f instanceof File && f.size > 0);
  data.delete("images");
  data.set("imageSizes", images.map((f) => f.size).join(","));
  for (const image of images) data.append("images", image);
  return data;
}

/**
 * Posts the form through a fetcher: 'Uploading Images...' while a form with images is on its way
 * and the server stores them, then 'Creating...' while the page's data reloads (or at once, with
 * no images). A created product redirects, and `onDone` closes the dialog.
 */
function useProductSubmit(action: string, onDone: () => void) {
  const fetcher = useFetcher<unknown>();
  const [withImages, setWithImages] = useState(false);
  const busy = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") {
      busy.current = true;
      return;
    }
    if (busy.current && !submissionResult(fetcher.data)) onDone();
    busy.current = false;
  }, [fetcher.state, fetcher.data, onDone]);
  const phase = fetcher.state === "idle" ? "idle" : fetcher.state === "submitting" && withImages ? "uploading" : "creating";

  function submit(form: HTMLFormElement, hasImages: boolean) {
    setWithImages(hasImages);
    fetcher.submit(withDeclaredSizes(new FormData(form)), {
      method: "post",
      action,
      encType: "multipart/form-data",
      preventScrollReset: true,
    });
  }
  return { phase, result: fetcher.data, submit };
}

export function ProductForm({
  catalogId,
  lastResult,
  onDone = () => {},
  inDialog = false,
}: {
  catalogId: string;
  lastResult?: unknown;
  onDone?: () => void;
  inDialog?: boolean;
}) {
  const { t } = useTranslation();
  const action = productFormAction(catalogId);
  const upload = useProductSubmit(action, onDone);
  const [tooMany, setTooMany] = useState(false);
  const [form, fields] = useSchemaForm(CatalogProductSchema, { id: `product-${catalogId}`, lastResult: upload.result ?? lastResult });
  const hydrated = useHydrated();
  const serverErrors = submissionResult(upload.result ?? lastResult)?.error?.images ?? undefined;
  const imageErrors = tooMany ? ["catalog.images.tooMany"] : serverErrors;
  const formProps = getFormProps(form);
  const pending = upload.phase !== "idle";
  const optional = t("auth.optional");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    formProps.onSubmit(event);
    if (event.defaultPrevented || !hydrated) return;
    event.preventDefault();
    const files = (event.currentTarget.elements.namedItem("images") as HTMLInputElement | null)?.files;
    if (files && files.length > MAX_IMAGES_PER_CATALOG_PRODUCT) return setTooMany(true);
    upload.submit(event.currentTarget, !!files?.length);
  }

  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      {...formProps}
      onSubmit={onSubmit}
      className="grid gap-4"
      data-testid="product-form"
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field
        id={fields.productName.id}
        label={t("catalog.product.name")}
        errors={fields.productName.errors}
        errorId={fields.productName.errorId}
      >
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the first field of a dialog that has just opened */}
        <input {...getInputProps(fields.productName, { type: "text" })} autoFocus={inDialog} className={inputClass} />
      </Field>
      <Field
        id={fields.productDescription.id}
        label={t("catalog.product.description")}
        hint={optional}
        errors={fields.productDescription.errors}
        errorId={fields.productDescription.errorId}
      >
        <textarea {...getTextareaProps(fields.productDescription)} rows={3} className={inputClass} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          id={fields.category.id}
          label={t("catalog.product.category")}
          hint={optional}
          errors={fields.category.errors}
          errorId={fields.category.errorId}
        >
          <input {...getInputProps(fields.category, { type: "text" })} className={inputClass} />
        </Field>
        <Field
          id={fields.priceRange.id}
          label={t("catalog.product.priceRange")}
          hint={optional}
          errors={fields.priceRange.errors}
          errorId={fields.priceRange.errorId}
        >
          <input
            {...getInputProps(fields.priceRange, { type: "text" })}
            placeholder={t("catalog.product.priceRangePlaceholder")}
            className={inputClass}
          />
        </Field>
        <Field
          id={fields.minimumOrder.id}
          label={t("catalog.product.minimumOrder")}
          hint={optional}
          errors={fields.minimumOrder.errors}
          errorId={fields.minimumOrder.errorId}
        >
          <input
            {...getInputProps(fields.minimumOrder, { type: "text" })}
            placeholder={t("catalog.product.minimumOrderPlaceholder")}
            className={inputClass}
          />
        </Field>
      </div>
      <Field
        id={fields.specifications.id}
        label={t("catalog.product.specifications")}
        hint={t("catalog.product.specificationsHint")}
        errors={fields.specifications.errors}
        errorId={fields.specifications.errorId}
      >
        <textarea {...getTextareaProps(fields.specifications)} rows={3} className={`${inputClass} font-mono text-sm`} />
      </Field>
      <Field
        id={`images-${catalogId}`}
        label={t("catalog.product.images")}
        hint={t("catalog.product.imagesHint", { max: MAX_IMAGES_PER_CATALOG_PRODUCT })}
        errors={imageErrors}
        errorId={`images-${catalogId}-error`}
      >
        <input
          id={`images-${catalogId}`}
          name="images"
          type="file"
          multiple
          accept={Object.values(IMAGE_TYPES).join(",")}
          aria-invalid={imageErrors?.length ? true : undefined}
          aria-describedby={imageErrors?.length ? `images-${catalogId}-error` : undefined}
          onChange={(event) => setTooMany((event.currentTarget.files?.length ?? 0) > MAX_IMAGES_PER_CATALOG_PRODUCT)}
          className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-orange-100 file:px-3 file:py-2 file:font-semibold file:text-orange-900"
        />
      </Field>
      {tooMany && <p className="-mt-2 text-sm font-semibold text-red-700">{t("catalog.images.tooManyTitle")}</p>}
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-md bg-orange-700 px-4 py-2.5 font-semibold text-white hover:bg-orange-800 disabled:cursor-wait disabled:opacity-70"
      >
        {upload.phase === "uploading"
          ? t("catalog.product.uploading")
          : upload.phase === "creating"
            ? t("catalog.product.creating")
            : t("catalog.product.submit")}
      </button>
    </Form>
  );
}

/**
 * 'Add Product': with JavaScript a native <dialog> over My Catalog; without it a link to the
 * form's own page (the server renders the link; the button replaces it once React runs).
 */
export function AddProductDialog({ catalogId, companyName }: { catalogId: string; companyName: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (open) dialog.current?.showModal();
    else dialog.current?.close();
  }, [open]);
  const buttonClass = "rounded-md bg-orange-700 px-4 py-1.5 font-semibold text-white hover:bg-orange-800";
  if (!hydrated) {
    return (
      <a href={productFormAction(catalogId)} className={buttonClass}>
        {t("catalog.addProduct")}
      </a>
    );
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={buttonClass} aria-haspopup="dialog">
        {t("catalog.addProduct")}
      </button>
      <dialog
        ref={dialog}
        onClose={() => setOpen(false)}
        aria-labelledby={`add-product-${catalogId}`}
        className="m-auto w-full max-w-2xl rounded-xl border border-slate-200 bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
      >
        {open && (
          <div className="max-h-[85vh] overflow-y-auto p-6">
            <div className="flex items-start justify-between gap-4">
              <h2 id={`add-product-${catalogId}`} className="text-xl font-bold">
                {t("catalog.addProductTo", { company: companyName })}
              </h2>
              <button
                type="button"
                onClick={() => setOpen(false)}
                className="rounded px-2 text-2xl leading-none text-slate-700 hover:bg-slate-100"
                aria-label={t("catalog.close")}
              >
                ×
              </button>
            </div>
            <div className="mt-4">
              <ProductForm catalogId={catalogId} onDone={() => setOpen(false)} inDialog />
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}
