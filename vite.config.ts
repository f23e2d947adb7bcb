import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { guidesPlugin } from './scripts/vite-guides-plugin';
import { readPublicSiteConfig } from './src/shared/site';

/** Where builds go; BUILD_DIR lets two builds of one checkout stay apart. */
const buildDir = path.resolve(process.env.BUILD_DIR || 'dist');

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), guidesPlugin()],
  // Public settings are baked in at build time (docs/decisions/0003-public-settings-at-build.md).
  define: { __SITE__: JSON.stringify(readPublicSiteConfig(process.env)) },
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
        outDir: path.join(buildDir, 'ssr'),
        emptyOutDir: true,
        rollupOptions: { input: 'src/web/entry-server.tsx' },
      }
    : {
        outDir: path.join(buildDir, 'client'),
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
