// Builds the whole app into $BUILD_DIR (default dist): the web app, its server-side renderer, the
// server and the prerendered pages. Quiet by default: one line per step, the detail (Vite's asset
// list, plugin timings, every prerendered route) only with VERBOSE_BUILD=1 or when a step fails.
import { spawn } from 'node:child_process';
import path from 'node:path';

const verbose = /^(1|true|yes)$/i.test(process.env.VERBOSE_BUILD ?? '');
const buildDir = process.env.BUILD_DIR || 'dist';
const vite = path.join('node_modules', 'vite', 'bin', 'vite.js');

const steps = [
  { label: 'web app', args: [vite, 'build'] },
  { label: 'server-side renderer', args: [vite, 'build', '--ssr'] },
  { label: 'server', args: [path.join('scripts', 'build-server.mjs')] },
  { label: 'pages', args: [path.join(buildDir, 'server', 'prerender.js')] },
];

const env = {
  ...process.env,
  // Vite's native config loader needs type stripping, which Node 20 lacks: its notice is noise here.
  VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
};
if (!verbose) env.FORCE_COLOR ??= '0';

function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      env,
      stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) =>
      resolve({ ok: code === 0, code: code ?? signal, output: Buffer.concat(output).toString() }),
    );
  });
}

const started = performance.now();
if (!verbose) console.log(`Building the app into ${buildDir}/ (VERBOSE_BUILD=1 shows the detail)…`);
for (const [index, step] of steps.entries()) {
  if (verbose) console.log(`\n[${index + 1}/${steps.length}] ${step.label}`);
  const result = await run(step.args);
  if (!result.ok) {
    process.stderr.write(result.output);
    console.error(`The build failed while building the ${step.label} (exit ${result.code}).`);
    process.exit(1);
  }
}
console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
