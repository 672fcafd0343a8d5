import {existsSync} from 'node:fs';

/**
 * Flags for headless Chromium as root on a machine with a closed network: `--no-sandbox` because
 * Chromium will not run its sandbox as root, and the others so it needs no GPU or large /dev/shm and
 * makes no network calls of its own (updates, sync, first-run setup). `WebMCP` turns on the
 * browser's `document.modelContext` (a draft API, off by default), which the `webmcp` attribute uses.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Chromium keeps only the last --enable-features: Playwright's own two come with ours.
  '--enable-features=WebMCP,CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies',
];

/** The Chromium to drive: `CHROME_PATH`, else Debian's `/usr/bin/chromium`. */
export function chromiumPath() {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

/** True when the Chromium of {@link chromiumPath} exists on this machine. */
export function hasChromium() {
  return existsSync(chromiumPath());
}

/** How to get a Chromium, printed when none is found. */
export const chromiumHelp = `No Chromium found at ${chromiumPath()}.
The tests run in a real headless Chromium. On Debian or Ubuntu:
  sudo apt-get update && sudo apt-get install -y chromium
or point CHROME_PATH at a Chromium or Chrome binary (version 120 or later).`;
