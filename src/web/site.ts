import type { PublicSiteConfig } from '../shared/site';

/** Public settings, fixed when the web app was built. */
export const site: PublicSiteConfig = {
  productName: __PRODUCT_NAME__,
  publicUrl: __PUBLIC_URL__,
};
