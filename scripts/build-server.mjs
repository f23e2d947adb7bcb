// Bundles the server's own code into dist/server; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts', 'src/server/prerender.ts'],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
