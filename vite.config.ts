import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const productName = process.env.PRODUCT_NAME || 'Lexwise';
const publicUrl = (
  process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`
).replace(/\/+$/, '');

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react()],
  // Public settings are baked in at build time (docs/decisions/0003-public-settings-at-build.md).
  define: {
    __PRODUCT_NAME__: JSON.stringify(productName),
    __PUBLIC_URL__: JSON.stringify(publicUrl),
  },
  css: {
    preprocessorOptions: {
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: isSsrBuild
    ? {
        outDir: '../../dist/ssr',
        emptyOutDir: true,
        rollupOptions: { input: 'src/web/entry-server.tsx' },
      }
    : {
        outDir: '../../dist/client',
        emptyOutDir: true,
        assetsInlineLimit: 0,
      },
  server: {
    port: Number(process.env.DEV_WEB_PORT || 5173),
    proxy: {
      '/api': `http://127.0.0.1:${process.env.DEV_API_PORT || 3001}`,
    },
  },
}));
