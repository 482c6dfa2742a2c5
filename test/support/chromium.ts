import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium, launched with the flags this machine needs (no sandbox as root, no background
 * traffic to hosts the closed network refuses), and the two screen sizes pages are checked at:
 * shared by the browser suites, the screenshot script and the reader benchmark.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };
export type Viewport = { width: number; height: number };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
