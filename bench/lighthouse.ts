// Lighthouse (mobile: the default config's emulated phone and simulated slow 4G) over the
// prerendered pages of the built site, and the chat page signed in, plus the gzipped JavaScript
// the home page loads first. Chromium is started by chrome-launcher. Builds nothing itself:
//   npm run build && npm run bench:lighthouse      (BUILD_DIR=dist-x to measure another build)
// Environment: BENCH_PAGES="/ /pricing" to choose pages; BENCH_ALL_GUIDES=1 for every guide page
// (by default three: the longest, the shortest and /guides/security-deposits); BENCH_RUNS=3 runs
// per page (the median by performance is kept); CHROME_PATH (default /usr/bin/chromium);
// BENCH_REPORT_DIR=dir to keep each page's kept report (Lighthouse's JSON) there.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { builtServerEntry, startBuiltServer } from './support/built-server';
import { stopProcess } from './support/local-server';
import { describeMachine } from './support/machine';
import { numberFromEnv } from './support/options';
import { signUpThroughOutbox } from './support/sign-up';

const buildDir = process.env.BUILD_DIR || 'dist';
const runs = Math.max(1, numberFromEnv('BENCH_RUNS', 3));
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const target = 95;
const homeJsBudgetKb = 100;
/** The page people chat on: not prerendered (it is theirs), measured signed in. */
const chatPage = '/chatbot';

const serverEntry = builtServerEntry(buildDir);

/** The prerendered pages search engines are told of (the build's sitemap), paths only. */
function sitemapPaths(): string[] {
  const sitemap = readFileSync(path.join(buildDir, 'client', 'sitemap.xml'), 'utf8');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

function defaultPages(): string[] {
  const all = sitemapPaths();
  const guides = all.filter((page) => page.startsWith('/guides/'));
  const others = all.filter((page) => !page.startsWith('/guides/'));
  if (process.env.BENCH_ALL_GUIDES === '1') return [...others, chatPage, ...guides];
  const size = (page: string) =>
    statSync(path.join(buildDir, 'pages', `guides__${page.slice('/guides/'.length)}.html`)).size;
  const bySize = [...guides].sort((a, b) => size(b) - size(a));
  const chosen = new Set([bySize[0]!, bySize.at(-1)!, '/guides/security-deposits']);
  return [...others, chatPage, ...[...chosen].filter((page) => guides.includes(page))];
}

const pages = process.env.BENCH_PAGES
  ? process.env.BENCH_PAGES.split(/\s+/).filter(Boolean)
  : defaultPages();

const email = 'lighthouse@example.com';
const password = 'a long lighthouse passphrase';

/**
 * Signs in afresh and puts the session in the browser as signing in would: the refresh cookie
 * (httpOnly, on its path) and the hint the app reads before it asks to renew (session-hint.ts).
 * Lighthouse keeps cookies between its runs' storage resets.
 */
async function signInBrowser(browser: Browser, base: string): Promise<void> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}`);
  const setCookie = response.headers.getSetCookie().find((value) => value.includes('_refresh='));
  if (!setCookie) throw new Error('login set no refresh cookie');
  const [pair, ...attributes] = setCookie.split(';').map((part) => part.trim());
  const [name, value] = pair!.split('=') as [string, string];
  const cookiePath =
    attributes.find((part) => part.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
  const domain = new URL(base).hostname;
  await browser.setCookie(
    { name, value, domain, path: cookiePath, httpOnly: true, sameSite: 'Strict' },
    { name: 'signed_in', value: '1', domain, path: '/', sameSite: 'Strict' },
  );
}

type Scores = Record<(typeof categories)[number], number>;
interface PageResult {
  scores: Scores;
  scripts: string[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
  version: string;
  /** Audits that lost points, with Lighthouse's short explanation: what to fix first. */
  weak: string[];
  report: unknown;
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
  return {
    scores,
    scripts: (requests ?? [])
      .filter((request) => request.resourceType === 'Script')
      .map((request) => request.url),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    version: lhr.lighthouseVersion,
    report: lhr,
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
async function auditWithRetry(
  url: string,
  port: number,
  before: () => Promise<void>,
  attempts = 3,
): Promise<PageResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      await before();
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

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexwise-bench-lighthouse-'));
const server = await startBuiltServer({
  entry: serverEntry,
  dataDir,
  // One address signs in before every run of the chat page.
  env: { AUTH_LIMIT_PER_IP: '100000', AUTH_LIMIT_PER_ACCOUNT: '10000' },
  readyTimeoutMs: 60_000,
});
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
let failed = false;
try {
  if (pages.includes(chatPage))
    await signUpThroughOutbox(server.base, dataDir, { email, password });
  const rows: string[] = [];
  let homeJs: number | undefined;
  let version = '';
  const weakByPage = new Map<string, string[]>();
  for (const page of pages) {
    // The chat page is someone's: each run starts signed in, with a sign-in of its own.
    const before = async () => {
      if (page === chatPage) await signInBrowser(browser, server.base);
    };
    const results: PageResult[] = [];
    for (let run = 0; run < runs; run++) {
      results.push(await auditWithRetry(`${server.base}${page}`, chrome.port, before));
    }
    const kept = median(results);
    version = kept.version;
    weakByPage.set(page, kept.weak);
    if (page === '/') homeJs = await gzippedKb(kept.scripts);
    const reportDir = process.env.BENCH_REPORT_DIR;
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      const name = page === '/' ? 'home' : page.slice(1).replace(/\//g, '__');
      writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(kept.report));
    }
    const missed = categories.filter((id) => kept.scores[id] < target);
    if (missed.length > 0) failed = true;
    const perfRuns = results.map((result) => result.scores.performance).join('/');
    rows.push(
      `| ${page} | ${kept.scores.performance} (${perfRuns}) | ${kept.scores.accessibility} | ` +
        `${kept.scores['best-practices']} | ${kept.scores.seo} | ${Math.round(kept.lcpMs)} ms | ` +
        `${Math.round(kept.tbtMs)} ms | ${kept.cls.toFixed(3)} | ` +
        `${missed.length ? `below ${target}: ${missed.join(', ')}` : 'all at least 95'} |`,
    );
  }
  console.log(`\nLighthouse ${version} (mobile), ${runs} run(s) per page, median by performance`);
  console.log(`build: ${buildDir}; Chromium: ${chromePath}; machine: ${describeMachine()}\n`);
  console.log(
    '| page | performance (runs) | accessibility | best practices | SEO | LCP | TBT | CLS | verdict |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
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
  await browser.disconnect();
  chrome.kill();
  await stopProcess(server.child);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
