import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { skipBecause } from '@inkwell/platform/testing';
import { ROOT_DIR, screenshotDir } from '../support/browser';
import { startTestStack, type TestStack } from '../support/stack';

/**
 * The native desktop shell (desktop/, Tauri 2; docs/desktop.md) started under Xvfb around the
 * desktop build, and screenshotted. The shell is not built in CI (a first build compiles some 400
 * crates): this test is skipped, saying why, when its binary is absent.
 */
const BINARY = process.env.INKWELL_DESKTOP_BINARY ?? path.join(ROOT_DIR, 'desktop/target/release/inkwell-desktop');
const DESKTOP_DIST = process.env.TEST_DESKTOP_DIST ?? path.join(ROOT_DIR, 'web/dist-desktop');
const DASHBOARD_DIST = process.env.TEST_DASHBOARD_DIST ?? path.join(ROOT_DIR, 'dashboard/dist');
const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

function suiteSkip(): string | false {
  if (!existsSync(BINARY)) return `the desktop shell is not built (${path.relative(ROOT_DIR, BINARY)}): cd desktop && cargo build --release — not done in CI, too slow`;
  if (!has('Xvfb') || !has('xwd') || !has('xwininfo')) return 'Xvfb, xwd and xwininfo are needed (apt-get install xvfb x11-apps x11-utils)';
  if (!existsSync(path.join(DESKTOP_DIST, 'index.html'))) return 'the desktop build is not built: npm run build:desktop';
  return false;
}

/** An X window dump (xwd, ZPixmap, 24-bit TrueColor in 32 bits, either byte order) as a PNG. */
function xwdToPng(xwd: Buffer): Buffer {
  const field = (index: number) => xwd.readUInt32BE(index * 4);
  const [headerSize, width, height, byteOrder, bitsPerPixel, bytesPerLine, colors] = [field(0), field(4), field(5), field(7), field(11), field(12), field(19)];
  assert.equal(bitsPerPixel, 32, 'a 24-bit screen in 32 bits per pixel');
  const pixels = xwd.subarray(headerSize + colors * 12);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * bytesPerLine + x * 4;
      const value = byteOrder === 0 ? pixels.readUInt32LE(at) : pixels.readUInt32BE(at);
      const out = y * (width * 3 + 1) + 1 + x * 3;
      raw[out] = (value >> 16) & 255;
      raw[out + 1] = (value >> 8) & 255;
      raw[out + 2] = value & 255;
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 255]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

describe('the Tauri desktop shell under Xvfb', { skip: skipBecause(suiteSkip()) }, () => {
  let stack: TestStack;
  let xvfb: ChildProcess;
  let shell: ChildProcess | undefined;
  const display = `:${90 + (process.pid % 9)}`;
  let seen = '';

  beforeAll(async () => {
    stack = await startTestStack({ WEB_DIST: DESKTOP_DIST, DASHBOARD_DIST });
    xvfb = spawn('Xvfb', [display, '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  });
  afterAll(async () => {
    shell?.kill('SIGTERM');
    xvfb?.kill('SIGTERM');
    await stack?.stop();
  });

  it('opens one window titled Inkwell on the desktop build and paints it', async () => {
    const env = { ...process.env, DISPLAY: display, INKWELL_DESKTOP_URL: `${stack.url}/`, INKWELL_DESKTOP_STEAM_ID: '76561198000000001', WEBKIT_DISABLE_COMPOSITING_MODE: '1', LIBGL_ALWAYS_SOFTWARE: '1' };
    shell = spawn(BINARY, [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    shell.stdout?.on('data', (data: Buffer) => (seen += data.toString()));
    shell.stderr?.on('data', (data: Buffer) => (seen += data.toString()));
    // The window exists once xwininfo finds it by name.
    for (let tries = 0; spawnSync('xwininfo', ['-display', display, '-name', 'Inkwell']).status !== 0; tries++) {
      assert.ok(tries < 600 && shell.exitCode === null, `the shell's window did not appear: ${seen}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The page has painted once the store's home shows its hero; the screen is sampled until it is not one flat colour.
    const shots = await screenshotDir('desktop-shell');
    let png: Buffer | undefined;
    for (let tries = 0; tries < 120; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const dump = spawnSync('xwd', ['-display', display, '-root', '-silent'], { maxBuffer: 64 * 1024 * 1024 });
      if (dump.status !== 0) continue;
      png = xwdToPng(dump.stdout);
      const colours = new Set<number>();
      const raw = dump.stdout;
      for (let at = raw.length - 4_000_000; at < raw.length; at += 4003) colours.add(raw.readUInt32LE(Math.max(0, at)) & 0xffffff);
      if (colours.size > 20) break;
    }
    assert.ok(png, 'a screenshot of the display');
    await writeFile(path.join(shots, 'shell-first-paint.png'), png);
    // And once the home page's answers are in (skeletons replaced), for a person to look at.
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    const settled = spawnSync('xwd', ['-display', display, '-root', '-silent'], { maxBuffer: 64 * 1024 * 1024 });
    if (settled.status === 0) await writeFile(path.join(shots, 'shell-home.png'), xwdToPng(settled.stdout));
    assert.equal(shell.exitCode, null, `the shell is still running: ${seen}`);
  });
});
