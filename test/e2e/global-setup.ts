import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from './chromium';

/** Makes sure Debian's Chromium is there: installs it when running as root, else says how. */
export default function ensureChromium() {
  if (existsSync(chromiumPath)) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || chromiumPath !== '/usr/bin/chromium') {
    throw new Error(
      `Chromium is missing at ${chromiumPath}. Install it with: sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium`,
    );
  }
  console.log('Chromium is missing; installing Debian’s chromium package…');
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium',
    {
      stdio: 'inherit',
    },
  );
}
