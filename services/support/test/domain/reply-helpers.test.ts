import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { htmlFromText, replyBody, sanitizeReplyHtml, textFromHtml } from '../../src/domain/reply-body';
import { displayNameOf, isOneLine, mailbox, normalizeMessageId, referencesChain, replySubject } from '../../src/domain/reply-headers';

describe('reply headers', () => {
  it('puts "Re: " before the subject once', () => {
    assert.equal(replySubject('Printer jam'), 'Re: Printer jam');
    assert.equal(replySubject('Re: Printer jam'), 'Re: Printer jam');
    assert.equal(replySubject('RE: re:Fwd: Printer jam'), 'Re: Printer jam');
    assert.equal(replySubject('AW: Druckerstau'), 'Re: Druckerstau');
    assert.equal(replySubject('Regarding: my order'), 'Re: Regarding: my order');
    assert.equal(replySubject('Line one\r\nBcc: x@example.com'), 'Re: Line one Bcc: x@example.com');
    assert.equal(replySubject('  '), 'Re: your message');
  });

  it('tells one-line values from header injections', () => {
    assert.equal(isOneLine('Hello'), true);
    assert.equal(isOneLine('Hello\r\nBcc: a@b.c'), false);
    assert.equal(isOneLine('Hello\nX: 1'), false);
    assert.equal(isOneLine('Hello\rX: 1'), false);
  });

  it('writes the From with the store name, quoted when needed', () => {
    assert.equal(displayNameOf('Inkwell Store <hello@store.example>'), 'Inkwell Store');
    assert.equal(displayNameOf('"Inkwell, Inc." <hello@store.example>'), 'Inkwell, Inc.');
    assert.equal(displayNameOf('hello@store.example'), null);
    assert.equal(mailbox('Inkwell Store', 'help@store.example'), 'Inkwell Store <help@store.example>');
    assert.equal(mailbox('Inkwell, Inc.', 'help@store.example'), '"Inkwell, Inc." <help@store.example>');
    assert.equal(mailbox('Evil"\r\nBcc: x', 'help@store.example'), '"EvilBcc: x" <help@store.example>');
    assert.equal(mailbox(null, 'help@store.example'), 'help@store.example');
  });

  it('keeps well-formed Message-IDs only, each once, the first and the latest when capped', () => {
    assert.equal(normalizeMessageId('abc@mail.example'), '<abc@mail.example>');
    assert.equal(normalizeMessageId(' <abc@mail.example> '), '<abc@mail.example>');
    assert.equal(normalizeMessageId('<abc@mail.example>\r\nBcc: x@y.z'), null);
    assert.equal(normalizeMessageId('<no at sign>'), null);
    assert.equal(normalizeMessageId(null), null);
    assert.deepEqual(referencesChain(['<a@x>', null, '<b@x>', '<a@x>', 'junk', '<c@x>']), ['<a@x>', '<b@x>', '<c@x>']);
    const many = Array.from({ length: 30 }, (_, i) => `<m${i}@x>`);
    const capped = referencesChain(many, 5);
    assert.deepEqual(capped, ['<m0@x>', '<m26@x>', '<m27@x>', '<m28@x>', '<m29@x>']);
  });
});

describe('reply bodies', () => {
  it('keeps a safe subset of HTML', () => {
    const html = sanitizeReplyHtml(
      '<p style="color:red" onclick="x()">Hi <b>there</b></p><script>alert(1)</script><style>p{}</style><img src="https://t.example/p.gif"><a href="javascript:alert(1)">bad</a><a href="https://ok.example/">ok</a><form><input></form>',
    );
    assert.equal(html, '<p>Hi <b>there</b></p><a rel="noopener noreferrer">bad</a><a href="https://ok.example/" rel="noopener noreferrer">ok</a>');
  });

  it('makes text of HTML and HTML of text', () => {
    assert.equal(textFromHtml('<p>Hello &amp; welcome,</p><p>Line<br>two</p><ul><li>one</li><li>two</li></ul><p><a href="https://s.example/x">the page</a></p>'), 'Hello & welcome,\n\nLine\ntwo\n\n- one\n- two\n\nthe page (https://s.example/x)');
    assert.equal(htmlFromText('Hi <Dana> & co,\nsecond line\n\nSee https://s.example/faq.'), '<p>Hi &lt;Dana&gt; &amp; co,<br>second line</p>\n<p>See <a href="https://s.example/faq">https://s.example/faq</a>.</p>');
  });

  it('needs something left to send', () => {
    assert.equal(replyBody({}), null);
    assert.equal(replyBody({ htmlBody: '<script>x</script>', textBody: '  ' }), null);
    assert.deepEqual(replyBody({ textBody: 'Hi' }), { html: '<p>Hi</p>', text: 'Hi' });
    assert.deepEqual(replyBody({ htmlBody: '<p>Hi</p>', textBody: 'Hello' }), { html: '<p>Hi</p>', text: 'Hello' });
  });
});
