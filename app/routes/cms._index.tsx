import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { cmsButton } from "~/components/content/cms-articles";
import { buttonText, hasButtons, SectionEditor } from "~/components/content/cms-forms";
import { NotTranslated, SectionTranslationEditor, TranslatedText } from "~/components/content/cms-translations";
import { FormErrors } from "~/components/ui/form";
import { cmsLanguage, cmsPath } from "~/lib/cms";
import { savedTo, translatedTo } from "~/lib/cms.server";
import { SectionsActionSchema } from "~/lib/content-schemas";
import { formatDate } from "~/lib/format";
import { invariantResponse } from "~/lib/http";
import { translationLanguage } from "~/lib/i18n";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { listSections, saveSectionTranslation, updateSection } from "~/models/content.server";
import { requireAdmin } from "~/services/auth.server";

// The CMS's page content: every section of the home page, edited inline, in English or as a translation.

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const language = cmsLanguage(url.searchParams);
  // The tabs were `?tab=` before they were routes: an old bookmark opens the tab it names.
  const tab = url.searchParams.get("tab");
  if (tab === "blog" || tab === "news") throw redirect(cmsPath(`/cms/${tab}`, language));
  return { language, edit: url.searchParams.get("edit"), sections: await listSections(context.db, language) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const submission = await parseSubmission(request, SectionsActionSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const { db } = context;
  switch (submission.value.intent) {
    case "updateSection": {
      const { intent: _intent, sectionKey, ...fields } = submission.value;
      invariantResponse(await updateSection(db, sectionKey, fields), 404);
      return savedTo(context, request, "/cms", "content.cms.sectionSaved");
    }
    case "translateSection": {
      const { intent: _intent, sectionKey, language, ...fields } = submission.value;
      invariantResponse(await saveSectionTranslation(db, sectionKey, language, fields), 404);
      return translatedTo(context, "/cms", language);
    }
  }
}

export default function CmsSections() {
  const { sections, edit, language } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const target = translationLanguage(language);
  return (
    <>
      <div className="mt-4">
        <FormErrors errors={answer?.error?.[""] ?? undefined} />
      </div>
      {sections.length === 0 ? (
        <p className="mt-6 text-slate-700">{t("content.cms.noSections")}</p>
      ) : (
        <ul className="mt-6 grid gap-4">
          {sections.map((section) => {
            const name = section.sectionKey.replace(/_/g, " ");
            const texts = target ? (section.translation ?? { title: null, subtitle: null, content: null, metadata: null }) : section;
            const updatedAt = target ? section.translation?.updatedAt : section.updatedAt;
            return (
              <li key={section.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="cms-section">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 className="text-lg font-semibold capitalize">{name}</h2>
                  <div className="flex items-center gap-3 text-sm text-slate-600">
                    {!section.isActive && (
                      <span className="rounded-full bg-amber-100 px-3 py-0.5 text-xs font-semibold text-amber-900">
                        {t("content.cms.inactive")}
                      </span>
                    )}
                    {target && !section.translation && <NotTranslated />}
                    {updatedAt && <span>{t("content.cms.updated", { date: formatDate(updatedAt, i18n.language) })}</span>}
                    {edit !== section.sectionKey && (
                      <Link
                        to={cmsPath("/cms", language, { edit: section.sectionKey })}
                        preventScrollReset
                        className={cmsButton}
                        aria-label={t("content.cms.editSection", { section: name })}
                      >
                        {t("content.cms.edit")}
                      </Link>
                    )}
                  </div>
                </div>
                {edit === section.sectionKey ? (
                  target ? (
                    <SectionTranslationEditor section={section} language={target} answer={answer} cancelTo={cmsPath("/cms", target)} />
                  ) : (
                    <SectionEditor section={section} answer={answer} cancelTo="/cms" />
                  )
                ) : (
                  <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
                    <dt className="font-medium text-slate-600">{t("content.cms.fields.title")}</dt>
                    <dd>
                      <TranslatedText value={texts.title} original={section.title} />
                    </dd>
                    <dt className="font-medium text-slate-600">{t("content.cms.fields.subtitle")}</dt>
                    <dd>
                      <TranslatedText value={texts.subtitle} original={section.subtitle} />
                    </dd>
                    <dt className="font-medium text-slate-600">{t("content.cms.fields.content")}</dt>
                    <dd className="whitespace-pre-line">
                      <TranslatedText value={texts.content} original={section.content} />
                    </dd>
                    <dt className="font-medium text-slate-600">{t("content.cms.fields.image")}</dt>
                    <dd className="break-all">{section.imageUrl || "—"}</dd>
                    {hasButtons(section.sectionKey) &&
                      (["cta_primary", "cta_secondary"] as const).map((key) => (
                        <Fragment key={key}>
                          <dt className="font-medium text-slate-600">
                            {t(key === "cta_primary" ? "content.cms.fields.ctaPrimary" : "content.cms.fields.ctaSecondary")}
                          </dt>
                          <dd>
                            <TranslatedText value={buttonText(texts.metadata, key)} original={buttonText(section.metadata, key)} />
                          </dd>
                        </Fragment>
                      ))}
                  </dl>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
