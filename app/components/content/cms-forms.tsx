import {
  FormProvider,
  getFormProps,
  getInputProps,
  getTextareaProps,
  useField,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, inputClass, SubmitButton } from "~/components/ui/form";
import { BLOG_DEFAULT_AUTHOR, BLOG_DEFAULT_READ_MINUTES, SECTIONS_WITH_BUTTONS } from "~/lib/constants";
import { CreateArticleSchema, SectionSchema, UpdateArticleSchema } from "~/lib/content-schemas";
import { useSchemaForm } from "~/lib/forms";

/** A CMS action's answer to a form it refused (it redirects after a save). */
export type CmsAnswer = SubmissionResult<string[]> | undefined;

/** The action's answer for this form only: a tab's forms share its one answer, told apart by intent. */
export function answerFor(answer: CmsAnswer, intent: string): CmsAnswer {
  return answer?.initialValue?.intent === intent ? answer : undefined;
}

// Inputs in their own components subscribe to their field with useField (inside the forms'
// FormProvider): conform re-renders only the components that read a field's errors, and reading
// them through the parent's metadata left a message from the browser's validation unseen.
function TextInput({ field: parent, label, hint }: { field: FieldMetadata<string | undefined>; label: string; hint?: string }) {
  const [field] = useField<string | undefined>(parent.name, { formId: parent.formId });
  return (
    <Field field={field} label={label} hint={hint}>
      <input {...getInputProps(field, { type: "text" })} className={inputClass} />
    </Field>
  );
}

function NumberInput({ field: parent, label, hint }: { field: FieldMetadata<unknown>; label: string; hint?: string }) {
  const [field] = useField<unknown>(parent.name, { formId: parent.formId });
  return (
    <Field field={field} label={label} hint={hint}>
      <input {...getInputProps(field, { type: "number" })} className={inputClass} />
    </Field>
  );
}

function TextArea({ field: parent, label, rows }: { field: FieldMetadata<string | undefined>; label: string; rows: number }) {
  const [field] = useField<string | undefined>(parent.name, { formId: parent.formId });
  return (
    <Field field={field} label={label}>
      <textarea {...getTextareaProps(field)} rows={rows} className={inputClass} />
    </Field>
  );
}

export interface SectionValues {
  sectionKey: string;
  title: string | null;
  subtitle: string | null;
  content: string | null;
  imageUrl: string | null;
  metadata: Record<string, unknown> | null;
}

/** Whether editors write this section's button labels (the hero's). */
export const hasButtons = (sectionKey: string) => (SECTIONS_WITH_BUTTONS as readonly string[]).includes(sectionKey);

/** A button label kept in a section's (or a translation's) metadata. */
export function buttonText(metadata: Record<string, unknown> | null | undefined, key: "cta_primary" | "cta_secondary") {
  const value = metadata?.[key];
  return typeof value === "string" ? value : null;
}

/** The inline editor of one content section: Title, Subtitle, Content (4 rows), Image URL, and the hero's button labels. */
export function SectionEditor({ section, answer, cancelTo }: { section: SectionValues; answer: CmsAnswer; cancelTo: string }) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(SectionSchema, {
    id: `section-${section.sectionKey}`,
    lastResult: answerFor(answer, "updateSection"),
    defaultValue: {
      intent: "updateSection",
      sectionKey: section.sectionKey,
      title: section.title ?? undefined,
      subtitle: section.subtitle ?? undefined,
      content: section.content ?? undefined,
      imageUrl: section.imageUrl ?? undefined,
      ctaPrimary: buttonText(section.metadata, "cta_primary") ?? undefined,
      ctaSecondary: buttonText(section.metadata, "cta_secondary") ?? undefined,
    },
  });
  return (
    <FormProvider context={form.context}>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-3" data-testid="section-editor">
        <input type="hidden" name="intent" value="updateSection" />
        <input type="hidden" name="sectionKey" value={section.sectionKey} />
        <TextInput field={fields.title} label={t("content.cms.fields.title")} />
        <TextInput field={fields.subtitle} label={t("content.cms.fields.subtitle")} />
        <TextArea field={fields.content} label={t("content.cms.fields.content")} rows={4} />
        <TextInput field={fields.imageUrl} label={t("content.cms.fields.imageUrl")} />
        {hasButtons(section.sectionKey) && (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextInput field={fields.ctaPrimary} label={t("content.cms.fields.ctaPrimary")} />
            <TextInput field={fields.ctaSecondary} label={t("content.cms.fields.ctaSecondary")} />
          </div>
        )}
        <div className="flex gap-3">
          <div className="w-40">
            <SubmitButton label={t("content.cms.save")} pendingLabel={t("content.cms.saving")} />
          </div>
          <Link to={cancelTo} className="rounded-md border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">
            {t("content.cms.cancel")}
          </Link>
        </div>
      </Form>
    </FormProvider>
  );
}

export interface ArticleValues {
  id: string;
  title: string;
  excerpt: string | null;
  content: string | null;
  category: string | null;
  imageUrl: string | null;
  author: string;
  readMinutes: number;
}

/** 'Create New Blog Post', or the same fields to edit an existing article. */
export function ArticleForm({ article, answer, cancelTo }: { article?: ArticleValues; answer: CmsAnswer; cancelTo?: string }) {
  const { t } = useTranslation();
  const editing = !!article;
  const intent = editing ? "update" : "create";
  const [form, fields] = useSchemaForm(editing ? UpdateArticleSchema : CreateArticleSchema, {
    id: editing ? `article-${article.id}` : "create-article",
    lastResult: answerFor(answer, intent),
    defaultValue: {
      intent,
      title: article?.title,
      excerpt: article?.excerpt ?? undefined,
      content: article?.content ?? undefined,
      category: article?.category ?? undefined,
      imageUrl: article?.imageUrl ?? undefined,
      author: article?.author ?? BLOG_DEFAULT_AUTHOR,
      readMinutes: article?.readMinutes ?? BLOG_DEFAULT_READ_MINUTES,
    },
  });
  const publish = (fields as typeof fields & { publish?: FieldMetadata<string | undefined> }).publish;
  return (
    <FormProvider context={form.context}>
      <Form method="post" {...getFormProps(form)} className="grid gap-3" data-testid={editing ? "post-editor" : "create-post"}>
        <input type="hidden" name="intent" value={intent} />
        {editing && <input type="hidden" name="articleId" value={article.id} />}
        <TextInput field={fields.title} label={t("content.cms.fields.title")} />
        <TextArea field={fields.excerpt} label={t("content.cms.fields.excerpt")} rows={2} />
        <TextArea field={fields.content} label={t("content.cms.fields.content")} rows={8} />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput field={fields.category} label={t("content.cms.fields.category")} />
          <TextInput field={fields.imageUrl} label={t("content.cms.fields.imageUrl")} />
          <TextInput field={fields.author} label={t("content.cms.fields.author")} />
          <NumberInput field={fields.readMinutes} label={t("content.cms.fields.readTime")} hint={t("content.cms.fields.inMinutes")} />
        </div>
        {publish && (
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input {...getInputProps(publish, { type: "checkbox", value: "on" })} className="h-4 w-4 accent-orange-700" />
            {t("content.cms.publishImmediately")}
          </label>
        )}
        <div className="flex gap-3">
          <div className="w-56">
            <SubmitButton label={editing ? t("content.cms.save") : t("content.cms.createPost")} pendingLabel={t("content.cms.saving")} />
          </div>
          {cancelTo && (
            <Link to={cancelTo} className="rounded-md border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">
              {t("content.cms.cancel")}
            </Link>
          )}
        </div>
      </Form>
    </FormProvider>
  );
}
