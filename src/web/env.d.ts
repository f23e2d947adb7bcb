declare const __SITE__: import('../shared/site').PublicSiteConfig;

declare module 'virtual:guide-catalog' {
  const catalog: import('../shared/guides').GuideSummary[];
  export default catalog;
}
declare module 'virtual:guide-loaders' {
  const loaders: Record<
    string,
    () => Promise<{ default: import('../shared/guides').GuideDocument }>
  >;
  export default loaders;
}
declare module 'virtual:guide-library' {
  const guides: import('../shared/guides').GuideDocument[];
  export default guides;
}
