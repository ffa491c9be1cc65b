// The Remix plugin's options, kept apart so tools other than Vite can read them. Every future flag
// of Remix 2 is on: the documented path to React Router 7.
export const remixOptions = {
  appDirectory: "app",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
    v3_routeConfig: true,
  },
};
