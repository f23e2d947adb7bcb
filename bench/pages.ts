// Lighthouse (mobile settings) for the marketing pages, against the built server, plus the gzipped
// JavaScript the home page loads first. Builds nothing itself. Usage:
//   npm run build && npm run bench:pages          (BUILD_DIR=dist-x to measure another build)
// Environment: BENCH_PAGES="/ /pricing" to choose pages, BENCH_RUNS=3 runs per page (the median
// by performance is kept), CHROME_PATH (default /usr/bin/chromium).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { freePort, stopProcess, waitFor } from './local-server';

const buildDir = process.env.BUILD_DIR || 'dist';
const pages = (process.env.BENCH_PAGES || '/ /pricing /contact').split(/\s+/).filter(Boolean);
const runs = Math.max(1, Number(process.env.BENCH_RUNS || 3));
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const targets = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 };
const homeJsBudgetKb = 100;

const serverEntry = path.join(buildDir, 'server', 'main.js');
if (!existsSync(serverEntry)) {
  console.error(`${serverEntry} is missing: run npm run build first (with BUILD_DIR=${buildDir})`);
  process.exit(1);
}

async function startServer(dataDir: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${base}/readyz`);
  return { child, base };
}

async function startChrome(profileDir: string) {
  const port = await freePort();
  const child = spawn(
    chromePath,
    [
      ...chromeFlags,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  await waitFor(`http://127.0.0.1:${port}/json/version`);
  return { child, port };
}

type Scores = Record<(typeof categories)[number], number>;
interface PageResult {
  scores: Scores;
  scripts: string[];
  lcpMs: number;
  cls: number;
  version: string;
  /** Audits that lost points, with Lighthouse's short explanation: what to fix first. */
  weak: string[];
}

async function audit(url: string, port: number): Promise<PageResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Scores;
  const requests = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)
    ?.items as { url: string; resourceType?: string }[] | undefined;
  const scripts = (requests ?? [])
    .filter((request) => request.resourceType === 'Script')
    .map((request) => request.url);
  return {
    scores,
    scripts,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    version: lhr.lighthouseVersion,
    weak: Object.values(lhr.audits)
      .filter(
        (item) =>
          item.score !== null &&
          item.score < 0.9 &&
          item.scoreDisplayMode !== 'informative' &&
          item.scoreDisplayMode !== 'manual',
      )
      .map((item) => `${item.id}${item.displayValue ? ` (${item.displayValue})` : ''}`),
  };
}

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART); such a run is retried. */
async function auditWithRetry(url: string, port: number, attempts = 3): Promise<PageResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`retrying ${url}: ${(error as Error).message}`);
    }
  }
}

/** Sums the gzipped size (level 9, as a server would send it) of the scripts a page loaded. */
async function gzippedKb(urls: string[]): Promise<number> {
  let bytes = 0;
  for (const url of new Set(urls)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    bytes += gzipSync(body, { level: 9 }).length;
  }
  return bytes / 1024;
}

function median(results: PageResult[]): PageResult {
  const sorted = [...results].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexwise-bench-pages-'));
const profileDir = mkdtempSync(path.join(os.tmpdir(), 'lexwise-bench-chrome-'));
const server = await startServer(dataDir);
const chrome = await startChrome(profileDir);
let failed = false;
try {
  const rows: string[] = [];
  let homeJs: number | undefined;
  let version = '';
  const weakByPage = new Map<string, string[]>();
  for (const page of pages) {
    const results: PageResult[] = [];
    for (let run = 0; run < runs; run++)
      results.push(await auditWithRetry(`${server.base}${page}`, chrome.port));
    const kept = median(results);
    version = kept.version;
    weakByPage.set(page, kept.weak);
    if (page === '/') homeJs = await gzippedKb(kept.scripts);
    const missed = categories.filter((id) => kept.scores[id] < targets[id]);
    if (missed.length > 0) failed = true;
    const perfRuns = results.map((result) => result.scores.performance).join('/');
    rows.push(
      `| ${page} | ${kept.scores.performance} (${perfRuns}) | ${kept.scores.accessibility} | ` +
        `${kept.scores['best-practices']} | ${kept.scores.seo} | ${Math.round(kept.lcpMs)} ms | ` +
        `${kept.cls.toFixed(3)} | ${missed.length ? `below target: ${missed.join(', ')}` : 'meets targets'} |`,
    );
  }
  console.log(`\nLighthouse ${version} (mobile), ${runs} run(s) per page, median by performance`);
  console.log(`build: ${buildDir}; machine: ${os.cpus().length} CPUs, Node ${process.version}\n`);
  console.log(
    '| page | performance (runs) | accessibility | best practices | SEO | LCP | CLS | verdict |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  for (const [page, weak] of weakByPage) {
    if (weak.length > 0) console.log(`\n${page}: audits below 0.9: ${weak.join('; ')}`);
  }
  if (homeJs !== undefined) {
    const ok = homeJs <= homeJsBudgetKb;
    if (!ok) failed = true;
    console.log(
      `\nHome page, first load: ${homeJs.toFixed(1)} KB of gzipped JavaScript ` +
        `(budget ${homeJsBudgetKb} KB: ${ok ? 'within' : 'OVER'})`,
    );
  }
} finally {
  await stopProcess(chrome.child);
  await stopProcess(server.child);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
