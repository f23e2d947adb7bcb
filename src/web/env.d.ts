declare const __SITE__: import('../shared/site').PublicSiteConfig;
