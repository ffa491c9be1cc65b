// Links across the product use /product/{id}; both shapes show the same page.
export { default, ErrorBoundary, loader, meta } from "./products.$id";
