import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CatalogForm } from "~/components/catalog/catalog-form";
import { ProductFacts, ProductImages, Specifications } from "~/components/catalog/product-details";
import { AddProductDialog, productEditAction } from "~/components/catalog/product-form";
import { HiddenNotice } from "~/components/trust/hidden-notice";
import { Pagination } from "~/components/ui/pagination";
import { CATALOG_PRODUCTS_PAGE_SIZE } from "~/lib/constants";
import { invariantResponse } from "~/lib/http";
import { planLabel } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { CatalogActionSchema } from "~/lib/schemas";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { boundedParam, catalogListUrl, pageFrom, withSearchParam } from "~/lib/url";
import { createCatalog, deleteOwnCatalog, listOwnCatalogs, planLimits } from "~/models/catalogs.server";
import { deleteOwnProduct, listOwnProducts } from "~/models/listings.server";
import { requireUser } from "~/services/auth.server";
import { deleteCatalogFolder, deleteImages } from "~/services/catalog-images.server";
import { catalogDone } from "~/services/catalogs.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const show = boundedParam(url, "show", 64) || null;
  const page = pageFrom(url);
  const [t, limits, catalogs, products] = await Promise.all([
    i18nServer.getFixedT(request),
    planLimits(context.db, user.plan),
    listOwnCatalogs(context.db, user.id),
    show ? listOwnProducts(context.db, user.id, show, page, CATALOG_PRODUCTS_PAGE_SIZE) : [],
  ]);
  const open = catalogs.find((c) => c.id === show) ?? null;
  return {
    title: t("catalog.title"),
    catalogs,
    limits,
    create: url.searchParams.get("create") === "1",
    show: open?.id ?? null,
    products,
    page,
    pages: open ? Math.max(1, Math.ceil(open.productCount / CATALOG_PRODUCTS_PAGE_SIZE)) : 1,
    confirmDeleteCatalog: boundedParam(url, "confirmDelete", 64) || null,
    confirmDeleteProduct: boundedParam(url, "confirmDeleteProduct", 64) || null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = await parseSubmission(request, CatalogActionSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const { db, env } = context;
  const value = submission.value;

  if (value.intent === "createCatalog") {
    const { intent: _, ...input } = value;
    const limits = await planLimits(db, user.plan);
    const id = await createCatalog(db, user, input, limits.maxCatalogs);
    if (!id) return invalidSubmission(submission, { formErrors: ["catalog.limits.catalogs"] }, 403);
    return catalogDone(context, "catalogCreated");
  }

  if (value.intent === "deleteCatalog") {
    invariantResponse(await deleteOwnCatalog(db, user.id, value.catalogId), 404);
    // The catalog is gone, and its images with it: removed after the answer.
    context.ctx.waitUntil(deleteCatalogFolder(env.CATALOG_IMAGES, value.catalogId));
    return catalogDone(context, "catalogDeleted");
  }

  const removed = await deleteOwnProduct(db, user.id, value.productId);
  invariantResponse(removed, 404);
  context.ctx.waitUntil(deleteImages(env.CATALOG_IMAGES, removed.imageUrls));
  return catalogDone(context, "productDeleted", catalogListUrl(removed.catalogId!));
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type OwnCatalog = Data["catalogs"][number];

export default function MyCatalog() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const location = useLocation();
  const createOpen = data.create || !!lastResult;
  const { limits } = data;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{t("catalog.title")}</h1>
          <p className="mt-1 text-sm text-slate-700" data-testid="catalog-usage">
            {t("catalog.usage", {
              plan: planLabel(t, limits.name, limits.displayName),
              used: data.catalogs.length,
              max: limits.maxCatalogs,
              products: limits.maxProductsPerCatalog,
            })}
          </p>
        </div>
        <Link
          to={withSearchParam(location.pathname, location.search, "create", createOpen ? null : "1")}
          preventScrollReset
          aria-expanded={createOpen}
          className="rounded-md bg-orange-700 px-5 py-2.5 font-semibold text-white hover:bg-orange-800"
        >
          {t("catalog.createCatalog")}
        </Link>
      </div>

      {createOpen && (
        <section aria-labelledby="create-catalog-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="create-catalog-heading" className="text-xl font-semibold">
            {t("catalog.createCatalog")}
          </h2>
          <div className="mt-4">
            <CatalogForm lastResult={lastResult} />
          </div>
        </section>
      )}

      {data.catalogs.length === 0 ? (
        <p className="mt-6 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t("catalog.empty")}</p>
      ) : (
        <ul className="mt-6 grid gap-4" data-testid="catalog-list">
          {data.catalogs.map((catalog) => (
            <CatalogCard key={catalog.id} catalog={catalog} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CatalogCard({ catalog }: { catalog: OwnCatalog }) {
  const { show, products, page, pages, limits, confirmDeleteCatalog } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const location = useLocation();
  const open = show === catalog.id;
  const here = (key: string, value: string | null) => withSearchParam(location.pathname, location.search, key, value);
  const toggleHref = open
    ? withSearchParam(location.pathname, "", "show", null)
    : withSearchParam(location.pathname, "", "show", catalog.id);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="catalog-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">{catalog.companyName}</h2>
          <HiddenNotice reason={catalog.hiddenReason} className="mt-2" />
          {catalog.businessDescription && <p className="mt-1 whitespace-pre-line text-slate-700">{catalog.businessDescription}</p>}
          <p className="mt-1 text-sm text-slate-600">
            {t("catalog.productCount", { n: catalog.productCount, max: limits.maxProductsPerCatalog })}
            {" · "}
            <Link to={`/companies/${catalog.id}`} className="text-orange-800 underline">
              {t("catalog.viewCompanyPage")}
            </Link>
            {" · "}
            <Link to={`/catalog/${catalog.id}/verification`} className="text-orange-800 underline">
              {t("trust.menu")}
            </Link>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {catalog.productCount < limits.maxProductsPerCatalog ? (
            <AddProductDialog catalogId={catalog.id} companyName={catalog.companyName} />
          ) : (
            <p className="max-w-xs text-sm text-slate-700" data-testid="product-limit">
              {t("catalog.limits.products")}
            </p>
          )}
          <Link
            to={toggleHref}
            preventScrollReset
            aria-expanded={open}
            className="rounded-md border border-slate-300 px-4 py-1.5 font-semibold text-slate-800 hover:bg-slate-50"
          >
            {open ? t("catalog.hideProducts") : t("catalog.showProducts")}
          </Link>
          <Link
            to={here("confirmDelete", catalog.id)}
            preventScrollReset
            className="rounded-md border border-red-300 px-4 py-1.5 font-semibold text-red-800 hover:bg-red-50"
          >
            {t("catalog.deleteCatalog")}
          </Link>
        </div>
      </div>
      {confirmDeleteCatalog === catalog.id && (
        <ConfirmDelete
          id={`confirm-catalog-${catalog.id}`}
          question={t("catalog.confirmDeleteCatalog")}
          intent="deleteCatalog"
          field={["catalogId", catalog.id]}
          cancelHref={here("confirmDelete", null)}
        />
      )}
      {open && (
        <div className="mt-4 border-t border-slate-100 pt-4" data-testid="product-list">
          {products.length === 0 ? (
            <p className="text-slate-700">{t("catalog.noProducts")}</p>
          ) : (
            <ul className="grid gap-4">
              {products.map((product) => (
                <OwnProduct key={product.id} product={product} />
              ))}
            </ul>
          )}
          <Pagination page={page} pages={pages} />
        </div>
      )}
    </li>
  );
}

function OwnProduct({ product }: { product: Data["products"][number] }) {
  const { confirmDeleteProduct } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const location = useLocation();
  const here = (value: string | null) => withSearchParam(location.pathname, location.search, "confirmDeleteProduct", value);
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid="catalog-product">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 className="font-semibold text-slate-900">
          <Link to={`/product/${product.id}`} className="hover:text-orange-800 hover:underline">
            {product.title}
          </Link>
        </h3>
        <div className="flex gap-2">
          <Link
            to={productEditAction(product.id)}
            className="rounded-md border border-slate-300 px-3 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            aria-label={t("catalog.product.editNamed", { title: product.title })}
          >
            {t("catalog.product.edit")}
          </Link>
          <Link
            to={here(String(product.id))}
            preventScrollReset
            className="rounded-md border border-red-300 px-3 py-1 text-sm font-semibold text-red-800 hover:bg-red-50"
          >
            {t("catalog.deleteProduct")}
          </Link>
        </div>
      </div>
      <HiddenNotice reason={product.hiddenReason} className="mt-2" />
      {product.description && <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{product.description}</p>}
      <ProductFacts product={product} />
      <ProductImages urls={product.imageUrls} name={product.title} />
      <Specifications specifications={product.specifications} />
      {confirmDeleteProduct === String(product.id) && (
        <ConfirmDelete
          id={`confirm-product-${product.id}`}
          question={t("catalog.confirmDeleteProduct")}
          intent="deleteProduct"
          field={["productId", String(product.id)]}
          cancelHref={here(null)}
        />
      )}
    </li>
  );
}

/** The spec's question with JavaScript on or off: a step of its own, then the real delete. */
function ConfirmDelete({
  id,
  question,
  intent,
  field,
  cancelHref,
}: {
  id: string;
  question: string;
  intent: string;
  field: [string, string];
  cancelHref: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alertdialog"
      aria-labelledby={id}
      className="mt-3 flex flex-wrap items-center gap-3 rounded-md border border-red-300 bg-red-50 px-3 py-2"
    >
      <p id={id} className="font-medium text-red-900">
        {question}
      </p>
      <Form method="post" action="/catalog">
        <input type="hidden" name={field[0]} value={field[1]} />
        <button name="intent" value={intent} className="rounded-md bg-red-700 px-4 py-1.5 font-semibold text-white hover:bg-red-800">
          {t("catalog.confirmYes")}
        </button>
      </Form>
      <Link to={cancelHref} preventScrollReset className="font-semibold text-slate-800 underline">
        {t("catalog.cancel")}
      </Link>
    </div>
  );
}
