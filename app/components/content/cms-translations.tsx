import { FormProvider, getFormProps, getInputProps, getTextareaProps, useField, type FieldMetadata } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { answerFor, buttonText, hasButtons, type CmsAnswer } from "~/components/content/cms-forms";
import { Field, inputClass, SubmitButton } from "~/components/ui/form";
import { languageName } from "~/lib/cms";
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode, type TranslationLanguage } from "~/lib/constants";
import { ArticleTranslationSchema, SectionTranslationSchema } from "~/lib/content-schemas";
import { useSchemaForm } from "~/lib/forms";

// The CMS in another language: the editors choose a language, see which texts are translated and
// which show the English original in their place, and save a translation field by field.

/** The language whose content the CMS shows and edits: plain links, so it works without JavaScript. */
export function LanguageChoice({ current, hrefFor }: { current: LanguageCode; hrefFor: (code: LanguageCode) => string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 rounded-lg border border-slate-200 bg-white p-3" data-testid="content-language">
      <nav aria-labelledby="content-language-label" className="flex flex-wrap items-center gap-2">
        <span id="content-language-label" className="text-sm font-semibold text-slate-800">
          {t("content.cms.contentLanguage")}
        </span>
        <ul className="flex flex-wrap gap-1">
          {LANGUAGES.map(({ code, name }) => (
            <li key={code}>
              <Link
                to={hrefFor(code)}
                lang={code}
                aria-current={code === current ? "true" : undefined}
                className="block rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50 aria-[current=true]:border-orange-700 aria-[current=true]:bg-orange-50 aria-[current=true]:text-orange-900"
              >
                {name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-2 text-sm text-slate-700">
        {current === DEFAULT_LANGUAGE
          ? t("content.cms.editingOriginal")
          : t("content.cms.editingTranslation", { language: languageName(current) })}
      </p>
    </div>
  );
}

/** A translated field as it is stored, or the English text the pages show in its place, marked as such. */
export function TranslatedText({ value, original }: { value: string | null | undefined; original: string | null | undefined }) {
  const { t } = useTranslation();
  if (value) return <>{value}</>;
  if (!original) return <>—</>;
  return (
    <>
      <span lang="en">{original}</span>{" "}
      <span
        className="whitespace-nowrap rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700"
        data-testid="english-fallback"
      >
        {t("content.cms.englishShown")}
      </span>
    </>
  );
}

/** 'Not translated yet' for a row without a translation: the pages show it in English. */
export function NotTranslated() {
  const { t } = useTranslation();
  return (
    <span className="rounded-full bg-amber-100 px-3 py-0.5 text-xs font-semibold text-amber-900" data-testid="not-translated">
      {t("content.cms.notTranslated")}
    </span>
  );
}

/** A field of a translation, with the English original under it (what the pages show while it is empty). */
function TranslatedInput({
  field: parent,
  label,
  original,
  language,
  rows,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  original: string | null;
  language: TranslationLanguage;
  rows?: number;
}) {
  const [field] = useField<string | undefined>(parent.name, { formId: parent.formId });
  const { t } = useTranslation();
  const originalId = `${field.id}-original`;
  const describedBy = [originalId, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ");
  return (
    <Field field={field} label={label}>
      {rows ? (
        <textarea {...getTextareaProps(field)} lang={language} aria-describedby={describedBy} rows={rows} className={inputClass} />
      ) : (
        <input {...getInputProps(field, { type: "text" })} lang={language} aria-describedby={describedBy} className={inputClass} />
      )}
      <p id={originalId} className="mt-1 whitespace-pre-line text-xs text-slate-600">
        {t("content.cms.originalText")} <span lang="en">{original || "—"}</span>
      </p>
    </Field>
  );
}

function EditorButtons({ cancelTo }: { cancelTo: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-3">
      <div className="w-40">
        <SubmitButton label={t("content.cms.save")} pendingLabel={t("content.cms.saving")} />
      </div>
      <Link to={cancelTo} className="rounded-md border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">
        {t("content.cms.cancel")}
      </Link>
    </div>
  );
}

interface Texts {
  title: string | null;
  subtitle: string | null;
  content: string | null;
  metadata: Record<string, unknown> | null;
}

/** A section's Title, Subtitle and Content (and the hero's button labels) in another language. */
export function SectionTranslationEditor({
  section,
  language,
  answer,
  cancelTo,
}: {
  section: Texts & { sectionKey: string; translation: Texts | null };
  language: TranslationLanguage;
  answer: CmsAnswer;
  cancelTo: string;
}) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(SectionTranslationSchema, {
    id: `section-${section.sectionKey}-${language}`,
    lastResult: answerFor(answer, "translateSection"),
    defaultValue: {
      intent: "translateSection",
      sectionKey: section.sectionKey,
      language,
      title: section.translation?.title ?? undefined,
      subtitle: section.translation?.subtitle ?? undefined,
      content: section.translation?.content ?? undefined,
      ctaPrimary: buttonText(section.translation?.metadata, "cta_primary") ?? undefined,
      ctaSecondary: buttonText(section.translation?.metadata, "cta_secondary") ?? undefined,
    },
  });
  return (
    <FormProvider context={form.context}>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-3" data-testid="translation-editor">
        <input type="hidden" name="intent" value="translateSection" />
        <input type="hidden" name="sectionKey" value={section.sectionKey} />
        <input type="hidden" name="language" value={language} />
        <TranslatedInput field={fields.title} label={t("content.cms.fields.title")} original={section.title} language={language} />
        <TranslatedInput field={fields.subtitle} label={t("content.cms.fields.subtitle")} original={section.subtitle} language={language} />
        <TranslatedInput
          field={fields.content}
          label={t("content.cms.fields.content")}
          original={section.content}
          language={language}
          rows={4}
        />
        {hasButtons(section.sectionKey) && (
          <div className="grid gap-3 sm:grid-cols-2">
            <TranslatedInput
              field={fields.ctaPrimary}
              label={t("content.cms.fields.ctaPrimary")}
              original={buttonText(section.metadata, "cta_primary")}
              language={language}
            />
            <TranslatedInput
              field={fields.ctaSecondary}
              label={t("content.cms.fields.ctaSecondary")}
              original={buttonText(section.metadata, "cta_secondary")}
              language={language}
            />
          </div>
        )}
        <EditorButtons cancelTo={cancelTo} />
      </Form>
    </FormProvider>
  );
}

interface ArticleTexts {
  title: string | null;
  excerpt: string | null;
  content: string | null;
  category: string | null;
}

/** A blog post's or news article's Title, Excerpt, Content and Category in another language. */
export function ArticleTranslationEditor({
  article,
  language,
  answer,
  cancelTo,
}: {
  article: ArticleTexts & { id: string; translation: ArticleTexts | null };
  language: TranslationLanguage;
  answer: CmsAnswer;
  cancelTo: string;
}) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(ArticleTranslationSchema, {
    id: `article-${article.id}-${language}`,
    lastResult: answerFor(answer, "translate"),
    defaultValue: {
      intent: "translate",
      articleId: article.id,
      language,
      title: article.translation?.title ?? undefined,
      excerpt: article.translation?.excerpt ?? undefined,
      content: article.translation?.content ?? undefined,
      category: article.translation?.category ?? undefined,
    },
  });
  return (
    <FormProvider context={form.context}>
      <Form method="post" {...getFormProps(form)} className="grid gap-3" data-testid="translation-editor">
        <input type="hidden" name="intent" value="translate" />
        <input type="hidden" name="articleId" value={article.id} />
        <input type="hidden" name="language" value={language} />
        <TranslatedInput field={fields.title} label={t("content.cms.fields.title")} original={article.title} language={language} />
        <TranslatedInput
          field={fields.excerpt}
          label={t("content.cms.fields.excerpt")}
          original={article.excerpt}
          language={language}
          rows={2}
        />
        <TranslatedInput
          field={fields.content}
          label={t("content.cms.fields.content")}
          original={article.content}
          language={language}
          rows={8}
        />
        <TranslatedInput field={fields.category} label={t("content.cms.fields.category")} original={article.category} language={language} />
        <EditorButtons cancelTo={cancelTo} />
      </Form>
    </FormProvider>
  );
}
