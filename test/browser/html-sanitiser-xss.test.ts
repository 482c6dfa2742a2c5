import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { skipBecause } from '@inkwell/platform/testing';
import { sanitiseHtml } from '../../services/catalog/src/domain/html-sanitiser';
import { XSS_CORPUS } from '../../services/catalog/test/support/xss-corpus';
import { CHROMIUM_PATH, launchChromium } from '../support/chromium';

/*
 * What the HTML components' sanitiser keeps, rendered by Chromium itself (the storefront puts it into
 * the page as HTML): no payload of the XSS corpus runs script (alert, confirm, prompt, a handler, a
 * javascript: navigation), and the DOM the browser builds — its own parse, where mutation XSS would
 * show — has no script, handler, dangerous URL, foreign frame, base, meta, form or object. Requests
 * leave nothing: every one is refused, so images fail at once and fire their error handlers (if any).
 */

const HOOK = `
  window.__xss = [];
  for (const name of ['alert', 'confirm', 'prompt', 'print']) window[name] = (...args) => { window.__xss.push(name + ':' + args.join(',')); };
  // Clicking a link stays on the page, except a javascript: one, which runs (that is what is looked for).
  document.addEventListener('click', (event) => {
    const link = event.target.closest && event.target.closest('a');
    if (!link) return;
    let protocol = '';
    try { protocol = new URL(link.href).protocol; } catch { protocol = ''; }
    if (protocol !== 'javascript:') event.preventDefault();
  }, true);
`;

/** What in the rendered DOM could run script or send the visitor elsewhere, by the browser's own reading of it. */
const DOM_PROBLEMS = `(() => {
  const problems = [];
  const allowedFrames = new Set(['www.youtube-nocookie.com', 'youtube-nocookie.com', 'player.vimeo.com']);
  for (const element of document.body.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (['script', 'style', 'svg', 'math', 'object', 'embed', 'base', 'meta', 'link', 'form', 'input', 'button', 'template', 'frame', 'frameset', 'noscript'].includes(tag)) problems.push('<' + tag + '>');
    for (const attribute of element.attributes) {
      if (/^on/i.test(attribute.name) || ['style', 'srcdoc', 'formaction', 'xlink:href', 'action', 'background', 'poster', 'data'].includes(attribute.name.toLowerCase())) problems.push(tag + '[' + attribute.name + ']');
    }
    for (const name of ['href', 'src', 'cite']) {
      if (!element.hasAttribute(name)) continue;
      const url = new URL(element.getAttribute(name), 'https://shop.inkwell.example/');
      const allowed = tag === 'img' || tag === 'iframe' ? ['https:'] : ['http:', 'https:', 'mailto:'];
      if (!allowed.includes(url.protocol)) problems.push(tag + '[' + name + '=' + url.protocol + ']');
      if (tag === 'iframe' && !allowedFrames.has(url.hostname)) problems.push('iframe from ' + url.hostname);
    }
  }
  return problems;
})()`;

describe('sanitised HTML components rendered in Chromium', { skip: skipBecause(existsSync(CHROMIUM_PATH) ? false : `Chromium not found at ${CHROMIUM_PATH}`) }, () => {
  let browser: Browser;
  let page: Page;

  const render = async (html: string) => {
    // The harness goes in the page's head, before the component, in each new document.
    await page.setContent(`<!doctype html><html><head><title>HTML component</title><script>${HOOK}</script></head><body>${html}</body></html>`, { waitUntil: 'load' });
    // A link is followed only if clicked: click each one, so a javascript: link that survived would run.
    for (const link of await page.locator('a[href]').all()) await link.dispatchEvent('click');
    return { ran: (await page.evaluate('window.__xss')) as string[], dom: (await page.evaluate(DOM_PROBLEMS)) as string[] };
  };

  beforeAll(async () => {
    browser = await launchChromium();
    const context = await browser.newContext({ javaScriptEnabled: true });
    // Nothing leaves: images and frames fail at once (so error handlers would fire), scripts never load.
    await context.route('**/*', (route) => route.abort());
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('catches script that runs: the raw payloads do run in this page', async () => {
    const raw = await render('<img src="https://cdn.example/missing.png" onerror="alert(1)"><svg onload="confirm(2)"></svg>');
    assert.deepEqual(raw.ran.sort(), ['alert:1', 'confirm:2']);
    assert.ok(raw.dom.includes('img[onerror]'));
    const link = await render('<a href="javascript:prompt(3)">x</a>');
    assert.deepEqual(link.ran, ['prompt:3']);
  });

  it(`runs nothing of the ${XSS_CORPUS.length} payloads once sanitised, and their DOM has nothing dangerous`, async () => {
    const failures: string[] = [];
    for (const payload of XSS_CORPUS) {
      const { ran, dom } = await render(sanitiseHtml(payload));
      if (ran.length > 0 || dom.length > 0) failures.push(`${payload} → ran ${JSON.stringify(ran)}, DOM ${JSON.stringify(dom)}`);
    }
    assert.deepEqual(failures, []);
  });

  it('renders the good content: a link, an https image and an allowed video frame', async () => {
    await render(sanitiseHtml('<p>Read <a href="/browse/">more</a></p><img src="https://cdn.inkwell.example/a.png" alt="A"><iframe src="https://player.vimeo.com/video/1" title="Teaser"></iframe>'));
    assert.equal(await page.locator('a[href="/browse/"][rel="noopener noreferrer"]').count(), 1);
    assert.equal(await page.locator('img[alt="A"]').count(), 1);
    assert.equal(await page.locator('iframe[title="Teaser"]').count(), 1);
  });
});
