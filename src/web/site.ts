import type { PublicSiteConfig } from '../shared/site';

/** Public settings, fixed when the web app was built. */
export const site: PublicSiteConfig = __SITE__;
