import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ProductForm } from "~/components/catalog/product-form";
import { invariantResponse } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { productInput, ProductSchema } from "~/lib/schemas";
import { invalidSubmission } from "~/lib/submission.server";
import { catalogListUrl } from "~/lib/url";
import { getOwnCatalog, planLimits } from "~/models/catalogs.server";
import { createOwnProduct } from "~/models/listings.server";
import { claimObjectKey } from "~/models/pending-objects.server";
import { requireUser } from "~/services/auth.server";
import { deleteImages, imageRefusal, receiveProductUpload } from "~/services/catalog-images.server";
import { catalogDone } from "~/services/catalogs.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

/** The add-product form's own page: where the dialog's link leads with JavaScript off. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [t, catalog] = await Promise.all([i18nServer.getFixedT(request), getOwnCatalog(context.db, user.id, params.id ?? "")]);
  invariantResponse(catalog, 404);
  return {
    title: t("catalog.addProductTo", { company: catalog.companyName }),
    catalog: { id: catalog.id, companyName: catalog.companyName },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const { db, env } = context;
  // Ownership and the plan's limit are settled before a byte of the upload is read.
  const [catalog, limits] = await Promise.all([getOwnCatalog(db, user.id, params.id ?? ""), planLimits(db, user.plan)]);
  invariantResponse(catalog, 404);
  // The page offers no form at the limit: this is a race or a tampered request, refused before
  // a byte of the upload is read.
  if (catalog.productCount >= limits.maxProductsPerCatalog) throw Response.json({ message: "catalog.limits.products" }, { status: 403 });

  const upload = await receiveProductUpload(request, env.CATALOG_IMAGES, catalog.id, (key) => claimObjectKey(db, "catalog-images", key));
  const submission = parseWithZod(upload.form, { schema: ProductSchema });
  if (!upload.ok) return invalidSubmission(submission, ...imageRefusal(upload.problem));
  if (submission.status !== "success") {
    await deleteImages(env.CATALOG_IMAGES, upload.keys);
    return invalidSubmission(submission);
  }

  const product = { ...productInput(submission.value), imageUrls: upload.imageUrls };
  const id = await createOwnProduct(db, user.id, catalog.id, product, limits.maxProductsPerCatalog).catch(async (error: unknown) => {
    await deleteImages(env.CATALOG_IMAGES, upload.keys); // nothing refers to them: the error goes on
    throw error;
  });
  if (!id) {
    // The catalog filled up (or was deleted) while the images were uploading.
    await deleteImages(env.CATALOG_IMAGES, upload.keys);
    return invalidSubmission(submission, { formErrors: ["catalog.limits.products"] }, 403);
  }
  return catalogDone(context, "productCreated", catalogListUrl(catalog.id));
}

export default function NewCatalogProduct() {
  const { catalog } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Link to={`/catalog?show=${encodeURIComponent(catalog.id)}`} className="text-sm font-medium text-orange-800 hover:underline">
        ← {t("catalog.backToCatalog")}
      </Link>
      <div className="mt-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">{t("catalog.addProductTo", { company: catalog.companyName })}</h1>
        <div className="mt-6">
          <ProductForm catalogId={catalog.id} lastResult={lastResult} />
        </div>
      </div>
    </div>
  );
}
