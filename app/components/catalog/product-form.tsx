import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { TradeTermsFields } from "~/components/catalog/trade-terms-fields";
import { CurrencyField, Field, FormErrors, inputClass } from "~/components/ui/form";
import { MAX_IMAGES_PER_CATALOG_PRODUCT, PRODUCT_CATEGORIES } from "~/lib/constants";
import { submissionResult, useSchemaForm } from "~/lib/forms";
import { useHydrated } from "~/lib/hooks";
import { categoryLabel } from "~/lib/i18n";
import { IMAGE_TYPES } from "~/lib/images";
import { ProductSchema } from "~/lib/schemas";
import type { PriceTier, SpecificationRow } from "~/lib/trade-terms";

const productFormAction = (catalogId: string) => `/catalog/${encodeURIComponent(catalogId)}/products/new`;

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

/** A listing as the edit form starts from. */
export interface EditedProduct {
  id: number;
  title: string;
  description: string | null;
  category: string;
  currency: string;
  unit: string;
  moq: number;
  priceTiers: PriceTier[];
  leadTimeMin: number | null;
  leadTimeMax: number | null;
  samples: boolean;
  samplePrice: number | null;
  supplyPerMonth: number | null;
  portOfLoading: string | null;
  paymentTerms: string[];
  incoterms: string[];
  specifications: SpecificationRow[];
  tradeNotes: string | null;
  imageUrls: string[];
}

/** The form's values for a listing: its tiers and rows as the rows of inputs, none for what it has not. */
function formValues({ priceTiers, imageUrls: _images, id: _id, ...product }: EditedProduct) {
  const values: Record<string, unknown> = { ...product, tiers: priceTiers, priceOnRequest: priceTiers.length === 0 };
  for (const [key, value] of Object.entries(values)) if (value === null) delete values[key];
  return values;
}

export const productEditAction = (productId: number) => `/catalog/products/${productId}/edit`;

/**
 * The listing form: adding a product to a company (`catalogId`) or editing one (`product`). Works
 * as a plain multipart post; with JavaScript it posts through a fetcher with its pending labels.
 */
export function ProductForm({
  catalogId,
  product,
  lastResult,
  onDone = () => {},
  inDialog = false,
}: {
  catalogId: string;
  product?: EditedProduct;
  lastResult?: unknown;
  onDone?: () => void;
  inDialog?: boolean;
}) {
  const { t } = useTranslation();
  const action = product ? productEditAction(product.id) : productFormAction(catalogId);
  const upload = useProductSubmit(action, onDone);
  const kept = product?.imageUrls ?? [];
  const [newImages, setNewImages] = useState(0);
  const [removed, setRemoved] = useState<string[]>([]);
  const room = MAX_IMAGES_PER_CATALOG_PRODUCT - (kept.length - removed.length);
  const tooMany = newImages > room;
  const formId = product ? `product-edit-${product.id}` : `product-${catalogId}`;
  const [form, fields] = useSchemaForm(ProductSchema, {
    id: formId,
    lastResult: upload.result ?? lastResult,
    defaultValue: product && formValues(product),
  });
  const hydrated = useHydrated();
  const serverErrors = submissionResult(upload.result ?? lastResult)?.error?.images ?? undefined;
  const imageErrors = tooMany ? ["catalog.images.tooMany"] : serverErrors;
  const formProps = getFormProps(form);
  const pending = upload.phase !== "idle";
  const optional = t("auth.optional");
  const imagesId = `images-${formId}`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    formProps.onSubmit(event);
    if (event.defaultPrevented || !hydrated) return;
    event.preventDefault();
    if (tooMany) return;
    const files = (event.currentTarget.elements.namedItem("images") as HTMLInputElement | null)?.files;
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
      <Field field={fields.title} label={t("catalog.product.name")}>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the first field of a dialog that has just opened */}
        <input {...getInputProps(fields.title, { type: "text" })} autoFocus={inDialog} className={inputClass} />
      </Field>
      <Field field={fields.description} label={t("catalog.product.description")} hint={optional}>
        <textarea {...getTextareaProps(fields.description)} rows={3} className={inputClass} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field field={fields.category} label={t("catalog.product.category")}>
          <select {...getSelectProps(fields.category)} className={inputClass}>
            <option value="">{t("catalog.product.chooseCategory")}</option>
            {PRODUCT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {categoryLabel(t, category)}
              </option>
            ))}
          </select>
        </Field>
        <CurrencyField field={fields.currency} label={t("catalog.product.currency")} />
      </div>
      <TradeTermsFields formId={formId} values={form.initialValue as Record<string, unknown> | undefined} errors={form.allErrors} />
      {kept.length > 0 && (
        <fieldset data-testid="current-images">
          <legend className="text-sm font-medium text-slate-800">{t("catalog.product.currentImages")}</legend>
          <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {kept.map((url, i) => (
              <li key={url} className="rounded-md border border-slate-200 p-2 text-sm">
                <img
                  src={url}
                  alt={t("catalog.product.imageAlt", { name: product!.title, number: i + 1 })}
                  width={160}
                  height={120}
                  className="aspect-[4/3] w-full rounded bg-slate-100 object-cover"
                />
                <label className="mt-2 flex items-center gap-2">
                  <input type="radio" name="mainImage" value={url} defaultChecked={i === 0} className="accent-orange-700" />
                  {t("catalog.product.mainImage")}
                </label>
                <label className="mt-1 flex items-center gap-2">
                  <input
                    type="checkbox"
                    name="removeImage"
                    value={url}
                    onChange={(event) =>
                      setRemoved((list) => (event.currentTarget.checked ? [...list, url] : list.filter((u) => u !== url)))
                    }
                    className="accent-red-700"
                  />
                  {t("catalog.product.removeImage")}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {/* The images go last in the form: the server reads the fields before the files stream in. */}
      <Field
        field={{ id: imagesId, errors: imageErrors, errorId: `${imagesId}-error` }}
        label={kept.length ? t("catalog.product.addImages") : t("catalog.product.images")}
        hint={t("catalog.product.imagesHint", { max: MAX_IMAGES_PER_CATALOG_PRODUCT })}
      >
        <input
          id={imagesId}
          name="images"
          type="file"
          multiple
          accept={Object.values(IMAGE_TYPES).join(",")}
          aria-invalid={imageErrors?.length ? true : undefined}
          aria-describedby={imageErrors?.length ? `${imagesId}-error` : undefined}
          onChange={(event) => setNewImages(event.currentTarget.files?.length ?? 0)}
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
          : upload.phase !== "idle"
            ? t(product ? "catalog.product.saving" : "catalog.product.creating")
            : t(product ? "catalog.product.save" : "catalog.product.submit")}
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
