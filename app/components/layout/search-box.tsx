import { Form, useNavigate } from "@remix-run/react";
import { useRef, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icon";
import { SEARCH_TERM_MAX_LENGTH } from "~/lib/constants";

/**
 * Without JavaScript the browser itself refuses an empty or blank term (required + pattern);
 * with it, the term is trimmed, the box clears and a blank term does nothing.
 */
export function SearchBox({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const term = input.current?.value.trim() ?? "";
    if (!term) return;
    navigate(`/products?search=${encodeURIComponent(term)}`);
    if (input.current) input.current.value = "";
  }

  return (
    <Form method="get" action="/products" role="search" onSubmit={onSubmit} className="flex w-full max-w-2xl">
      <label htmlFor={id} className="sr-only">
        {t("header.searchLabel")}
      </label>
      <input
        ref={input}
        id={id}
        name="search"
        type="search"
        required
        pattern=".*\S.*"
        maxLength={SEARCH_TERM_MAX_LENGTH}
        placeholder={t("header.searchPlaceholder")}
        className="min-w-0 flex-1 rounded-l-md border border-slate-300 px-3 py-2 text-slate-900 focus:border-orange-600 focus:outline-none focus:ring-2 focus:ring-orange-600/40"
      />
      {/* A magnifier, not a word: in some languages the word took a third of the room the box has beside a member's menu. */}
      <button
        type="submit"
        className="rounded-r-md bg-orange-700 px-4 py-2 text-white hover:bg-orange-800"
        title={t("header.searchButton")}
      >
        <Icon name="search" size={20} />
        <span className="sr-only">{t("header.searchButton")}</span>
      </button>
    </Form>
  );
}
