import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { MissingValuesError, escapeHtml, placeholdersOf, renderEmail } from '../../src/domain/render';
import { AUTH_TEMPLATE_CONTENT } from '../../src/domain/auth-templates';

describe('email rendering', () => {
  const template = {
    subject: 'Hello {{name}}',
    html: '<p>Hi {{ name }}, <a href="{{link}}">open</a></p>',
    text: 'Hi {{name}}, open {{link}}',
  };

  it('fills every placeholder, spaces inside the braces allowed', () => {
    const mail = renderEmail(template, { name: 'Mia', link: 'https://store.example/a?token=x' });
    assert.deepEqual(mail, {
      subject: 'Hello Mia',
      html: '<p>Hi Mia, <a href="https://store.example/a?token=x">open</a></p>',
      text: 'Hi Mia, open https://store.example/a?token=x',
    });
  });

  it('escapes values in the HTML part only', () => {
    const mail = renderEmail(template, { name: '<script>alert("x")</script> & \'co\'', link: 'https://s.example/?a=1&b="2"' });
    assert.equal(mail.html, '<p>Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;, <a href="https://s.example/?a=1&amp;b=&quot;2&quot;">open</a></p>');
    assert.equal(mail.text, 'Hi <script>alert("x")</script> & \'co\', open https://s.example/?a=1&b="2"');
    assert.equal(mail.subject, 'Hello <script>alert("x")</script> & \'co\'');
  });

  it('keeps the subject to one line, so a value cannot add headers', () => {
    const mail = renderEmail(template, { name: 'Mia\r\nBcc: everyone@example.com', link: 'x' });
    assert.equal(mail.subject, 'Hello Mia Bcc: everyone@example.com');
  });

  it('refuses to render with a value missing, naming every missing one', () => {
    assert.throws(
      () => renderEmail(template, { name: 'Mia' }),
      (error: unknown) => error instanceof MissingValuesError && error.missing.join() === 'link',
    );
    assert.throws(
      () => renderEmail(template, {}),
      (error: unknown) => error instanceof MissingValuesError && error.missing.join() === 'name,link',
    );
    // Inherited properties are not values.
    assert.throws(() => renderEmail({ subject: '{{constructor}}', html: '', text: '' }, {}), MissingValuesError);
  });

  it('leaves text that only looks like a placeholder alone', () => {
    const mail = renderEmail({ subject: 'a {b} {{ }} {{1x}}', html: '', text: '' }, {});
    assert.equal(mail.subject, 'a {b} {{ }} {{1x}}');
  });

  it('lists placeholders once each, in order of first use', () => {
    assert.deepEqual(placeholdersOf(template), ['name', 'link']);
  });

  it('escapes the five HTML-significant characters', () => {
    assert.equal(escapeHtml(`&<>"'x`), '&amp;&lt;&gt;&quot;&#39;x');
  });

  it('ships authentication templates that put the link in a button and in plain text', () => {
    assert.deepEqual(AUTH_TEMPLATE_CONTENT.map((t) => t.name), ['verify-email', 'reset-password', 'change-email', 'email-changed']);
    for (const t of AUTH_TEMPLATE_CONTENT) {
      const mail = renderEmail(t, { email: 'a@example.com', oldEmail: 'a@example.com', newEmail: 'b@example.com', storeUrl: 'https://store.example/', link: 'https://store.example/p/?token=T' });
      assert.match(mail.subject, /Inkwell/, t.name);
      assert.match(mail.html, /<a href="https:\/\/store\.example\/p\/\?token=T"[^>]*>[^<]+<\/a>/, `${t.name}: a button`);
      assert.ok(mail.html.includes('>https://store.example/p/?token=T</a>'), `${t.name}: the link written out`);
      assert.ok(mail.text.includes('\nhttps://store.example/p/?token=T\n'), `${t.name}: the link in the text part`);
      assert.match(mail.html, /Inkwell/);
      assert.doesNotMatch(mail.html + mail.text, /\{\{/, `${t.name}: nothing left unfilled`);
    }
  });
});
