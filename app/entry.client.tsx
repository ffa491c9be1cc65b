import "~/lib/zod-config";
import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "~/lib/i18n";

const locales = import.meta.glob<{ default: Record<string, unknown> }>("./locales/*.json");

// Only the active language's labels are downloaded, each as its own small chunk.
const lazyLocales: BackendModule = {
  type: "backend",
  init() {},
  read(lng, _ns, callback) {
    const load = locales[`./locales/${lng}.json`];
    if (!load) return callback(null, {});
    load().then((module) => callback(null, module.default), (error) => callback(error, null));
  },
};

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(lazyLocales)
    .init({ ...i18nConfig, lng: document.documentElement.lang || i18nConfig.fallbackLng });

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

hydrate();
