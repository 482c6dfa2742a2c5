import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { sanitiseEmailHtml } from '../../src/domain/mail-sanitiser';

describe('inbound HTML sanitised for display', () => {
  it('removes scripts, handlers, styles, forms, frames and objects with their content', () => {
    const out = sanitiseEmailHtml(
      '<style>p{background:url(//t.example/x)}</style><script>alert(1)</script><p onclick="x()" style="color:red" class="c" id="i">Hi</p>' +
        '<iframe src="https://e.example"></iframe><form><input value="p"><button>go</button></form><object data="x"></object><svg><script>1</script></svg>',
    );
    assert.equal(out, '<p>Hi</p>go');
  });

  it('neutralises links: no javascript:/data:, and safe ones open with no opener or referrer', () => {
    assert.equal(sanitiseEmailHtml('<a href="javascript:alert(1)">x</a>'), '<a rel="noopener noreferrer nofollow" target="_blank">x</a>');
    assert.equal(sanitiseEmailHtml('<a href="data:text/html,evil">x</a>'), '<a rel="noopener noreferrer nofollow" target="_blank">x</a>');
    assert.equal(
      sanitiseEmailHtml('<a href="https://inkwell.example/a" target="_self" rel="opener">x</a>'),
      '<a href="https://inkwell.example/a" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('replaces remote images and tracking pixels, keeping only inline data images', () => {
    assert.equal(sanitiseEmailHtml('<p>a<img src="https://t.example/p.gif" width="1" height="1">b</p>'), '<p>ab</p>');
    assert.equal(sanitiseEmailHtml('<img src="http://x.example/logo.png" alt="Logo">'), '<span>[image: Logo]</span>');
    assert.equal(sanitiseEmailHtml('<img src="//x.example/logo.png">'), '');
    const inline = '<img src="data:image/png;base64,iVBORw0KGgo=" alt="x" />';
    assert.equal(sanitiseEmailHtml(inline), '<img src="data:image/png;base64,iVBORw0KGgo=" alt="x" />');
    assert.equal(sanitiseEmailHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">'), '');
  });

  it('keeps ordinary formatting and tables', () => {
    const html = '<h2>Order</h2><table><tbody><tr><td colspan="2">1 × <b>Saga</b></td></tr></tbody></table><ul><li>one</li></ul>';
    assert.equal(sanitiseEmailHtml(html), html);
  });
});
