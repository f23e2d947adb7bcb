declare const __PRODUCT_NAME__: string;
declare const __PUBLIC_URL__: string;
