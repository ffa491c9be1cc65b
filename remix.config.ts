// The Remix Vite plugin's options, kept apart so tools other than Vite can read them.
export const remixOptions = {
  appDirectory: "app",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
