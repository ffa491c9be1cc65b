import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { DEFAULT_LANGUAGE } from "~/lib/constants";
import { BrowserTranslations, fetchLabels, I18nextProvider } from "~/lib/react-i18n-browser";

async function hydrate() {
  const translations = new BrowserTranslations(document.documentElement.lang || DEFAULT_LANGUAGE);
  // root.tsx preloads the label files the page's routes list; these requests take them from there.
  // One that fails is fetched again with the whole language when one of its labels is needed.
  const preloaded = document.querySelectorAll<HTMLLinkElement>("link[rel=preload][data-labels]");
  await Promise.all(
    [...preloaded].map((link) =>
      fetchLabels(link.href).then(
        (file) => translations.add(file),
        () => {},
      ),
    ),
  );

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={translations}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
