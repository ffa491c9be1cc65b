// The Worker's server bundle that `remix vite:build` writes (server.ts imports it and casts it to
// ServerBuild). Declared so that the typecheck needs no build first: `npm test` runs the two side by side.
declare module "*/build/server";
