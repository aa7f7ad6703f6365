// Moved: a re-export for functions/shop/coordinator and api.ts until the lead rewrites their imports at merge.
export * from "../adapters/store/store-tools";
