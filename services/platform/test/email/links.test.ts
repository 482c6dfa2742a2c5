import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { emailLinks, htmlLinks, textLinks } from '@inkwell/platform';

describe('links in a mail', () => {
  it('finds every http(s) URL of a text body once, without the sentence punctuation after it', () => {
    const text = 'Verify: https://shop.example/email-verified/?token=a1. Or visit http://shop.example/support-center/, or https://shop.example/email-verified/?token=a1';
    assert.deepEqual(textLinks(text), ['https://shop.example/email-verified/?token=a1', 'http://shop.example/support-center/']);
  });

  it('stops a text link at a closing bracket or quote', () => {
    assert.deepEqual(textLinks('(see https://shop.example/help) and "https://shop.example/terms"'), ['https://shop.example/help', 'https://shop.example/terms']);
  });

  it('reads the hrefs of an HTML body with their entities decoded, and skips other schemes', () => {
    const html = `<a href="https://shop.example/reset?token=t&amp;email=a%40b.c">Reset</a> <a href='http://shop.example/'>Store</a> <a href="mailto:help@shop.example">Help</a>`;
    assert.deepEqual(htmlLinks(html), ['https://shop.example/reset?token=t&email=a%40b.c', 'http://shop.example/']);
  });

  it('takes the text body when there is one, else the HTML', () => {
    const html = '<a href="https://shop.example/from-html">x</a>';
    assert.deepEqual(emailLinks({ text: 'Open https://shop.example/from-text', html }), ['https://shop.example/from-text']);
    assert.deepEqual(emailLinks({ text: '  \n', html }), ['https://shop.example/from-html']);
  });
});
