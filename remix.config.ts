// The Remix plugin's options, kept apart so tools other than Vite can read them. Every future flag
// of Remix 2 is on (the documented path to React Router 7) but lazy route discovery: the browser
// loads the whole route manifest once, so pages do not build a partial one each
// (docs/decisions/0045-route-manifest-sent-whole.md; React Router 7's `routeDiscovery: "initial"`).
export const remixOptions = {
  appDirectory: "app",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: true,
    v3_routeConfig: true,
  },
};
