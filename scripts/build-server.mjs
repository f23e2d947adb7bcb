// Bundles the server's own code into $BUILD_DIR/server (default dist/server); npm packages stay external.
// The threads' files (src/server/threads.ts) are entry points of their own, beside main.js.
import path from 'node:path';
import { build } from 'esbuild';

await build({
  entryPoints: [
    'src/server/main.ts',
    'src/server/prerender.ts',
    'src/server/model-worker.ts',
    'src/server/checkpoint-worker.ts',
  ],
  outdir: path.join(process.env.BUILD_DIR || 'dist', 'server'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
