import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule, type ResourceKey } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE } from "~/lib/constants";
import { i18nConfig, isSupportedLanguage } from "~/lib/i18n";
import { localeFileUrls } from "~/lib/locale-files";

/** Loads a language's labels, whole, from its file (root.tsx preloads the page's language). */
const localeFiles: BackendModule = {
  type: "backend",
  init() {},
  read(language, _namespace, callback) {
    if (!isSupportedLanguage(language)) return callback(null, {});
    fetch(localeFileUrls[language])
      .then((response): Promise<ResourceKey> =>
        response.ok ? response.json() : Promise.reject(new Error(`${response.url}: ${response.status}`)),
      )
      .then(
        (labels) => callback(null, labels),
        (error: Error) => callback(error, null),
      );
  },
};

async function hydrate() {
  // The server rendered the page in <html lang>; the browser's labels must say the same.
  const lng = document.documentElement.lang || DEFAULT_LANGUAGE;
  await i18next
    .use(initReactI18next)
    .use(localeFiles)
    .init({ ...i18nConfig, lng });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

// Without its labels the page stays as the server rendered it, and its forms still work: say why.
hydrate().catch((error: unknown) => console.error("the page was not hydrated", error));
