import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ProductForm } from "~/components/catalog/product-form";
import { MAX_IMAGES_PER_CATALOG_PRODUCT } from "~/lib/constants";
import { invariantResponse } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { ProductEditSchema, productInput } from "~/lib/schemas";
import { specificationRows } from "~/lib/specifications";
import { invalidSubmission } from "~/lib/submission.server";
import { catalogListUrl } from "~/lib/url";
import { getOwnProduct, updateOwnProduct } from "~/models/listings.server";
import { claimObjectKey } from "~/models/pending-objects.server";
import { parseProductId } from "~/models/products.server";
import { requireUser } from "~/services/auth.server";
import { deleteImages, IMAGES_FIELD, imageRefusal, receiveProductUpload } from "~/services/catalog-images.server";
import { catalogDone } from "~/services/catalogs.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

/** The owner's own product, or a 404 for anyone else's (or none). */
async function ownProduct({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const id = parseProductId(params.productId);
  const own = id === null ? null : await getOwnProduct(context.db, user.id, id);
  invariantResponse(own, 404);
  return { user, ...own };
}

export async function loader(args: LoaderFunctionArgs) {
  const { product } = await ownProduct(args);
  const t = await i18nServer.getFixedT(args.request);
  return {
    title: t("catalog.product.editTitle", { title: product.title }),
    product: {
      id: product.id,
      catalogId: product.catalogId!,
      title: product.title,
      description: product.description,
      category: product.category,
      currency: product.currency,
      unit: product.unit,
      moq: product.moq,
      priceTiers: product.priceTiers,
      leadTimeMin: product.leadTimeMin,
      leadTimeMax: product.leadTimeMax,
      samples: product.samples,
      samplePrice: product.samplePrice,
      supplyPerMonth: product.supplyPerMonth,
      portOfLoading: product.portOfLoading,
      paymentTerms: product.paymentTerms,
      incoterms: product.incoterms,
      specifications: specificationRows(product.specifications),
      tradeNotes: product.tradeNotes,
      imageUrls: product.imageUrls,
    },
  };
}

/**
 * Saves the listing: its fields, the images it keeps (less those marked for removal), the new
 * ones (at most MAX_IMAGES_PER_CATALOG_PRODUCT in all) and which is the main one (first). Removed
 * images leave storage after the answer; new ones are deleted again when anything is refused.
 */
export async function action(args: ActionFunctionArgs) {
  const { user, product } = await ownProduct(args);
  const { request, context } = args;
  const bucket = context.env.CATALOG_IMAGES;
  const catalogId = product.catalogId!;
  const upload = await receiveProductUpload(request, bucket, catalogId, (key) => claimObjectKey(context.db, "catalog-images", key));
  const submission = parseWithZod(upload.form, { schema: ProductEditSchema });
  if (!upload.ok) return invalidSubmission(submission, ...imageRefusal(upload.problem));
  const refuse = async (options: Parameters<typeof invalidSubmission>[1] = {}) => {
    await deleteImages(bucket, upload.keys);
    return invalidSubmission(submission, options);
  };
  if (submission.status !== "success") return refuse();

  const { removeImage, mainImage, ...fields } = submission.value;
  const kept = product.imageUrls.filter((url) => !removeImage.includes(url));
  const images = [...kept, ...upload.imageUrls];
  if (images.length > MAX_IMAGES_PER_CATALOG_PRODUCT) {
    return refuse({ formErrors: ["catalog.images.tooManyTitle"], fieldErrors: { [IMAGES_FIELD]: ["catalog.images.tooMany"] } });
  }
  const main = mainImage && images.includes(mainImage) ? mainImage : images[0];
  const imageUrls = main ? [main, ...images.filter((url) => url !== main)] : [];
  const saved = await updateOwnProduct(context.db, user.id, product.id, { ...productInput(fields), imageUrls }).catch(
    async (error: unknown) => {
      await deleteImages(bucket, upload.keys); // nothing refers to them: the error goes on
      throw error;
    },
  );
  if (!saved) {
    await deleteImages(bucket, upload.keys);
    invariantResponse(false, 404);
  }
  const removed = product.imageUrls.filter((url) => !imageUrls.includes(url));
  if (removed.length) context.ctx.waitUntil(deleteImages(bucket, removed));
  return catalogDone(context, "productUpdated", catalogListUrl(catalogId));
}

export default function EditProduct() {
  const { product } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Link to={catalogListUrl(product.catalogId)} className="text-sm font-medium text-orange-800 hover:underline">
        ← {t("catalog.backToCatalog")}
      </Link>
      <div className="mt-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">{t("catalog.product.editTitle", { title: product.title })}</h1>
        <div className="mt-6">
          <ProductForm catalogId={product.catalogId} product={product} lastResult={lastResult} />
        </div>
      </div>
    </div>
  );
}
