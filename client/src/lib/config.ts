/** Build-time settings; the product name lives here and in the translations only. */
export const appConfig = {
  /** Domain of the production site; its `app.` subdomain is trusted for redirects too. */
  productDomain: (import.meta.env.VITE_PRODUCT_DOMAIN as string | undefined) || undefined,
  storagePrefix: "roots:",
  /** Default rootspace slug (spec §3). */
  defaultRootspace: "lebanon",
};
