/**
 * The frame every mail the service ships shares: the brand header, the sign-off with the store
 * link, and the button. HTML mail is tables and inline styles, because that is what mail clients
 * render reliably. Pieces take placeholders (`{{link}}`), never values: values are filled in,
 * and escaped, when a mail is rendered.
 */
export const BRAND = {
  navy: '#151936',
  yellow: '#ffc73a',
  ink: '#1d2033',
  muted: '#5b5f76',
  paper: '#f5f3ee',
  blue: '#2e63e6',
  font: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
};

export const paragraph = (text: string, color = BRAND.ink) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:${color};">${text}</p>`;

/** A button to `{{link}}`, then the link written out for clients that block or mangle buttons. */
export function buttonHtml(label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr>
<td style="border-radius:8px;background:${BRAND.yellow};">
<a href="{{link}}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:700;color:${BRAND.navy};text-decoration:none;border-radius:8px;">${label}</a>
</td></tr></table>
${paragraph('If the button does not work, copy this link into your browser:', BRAND.muted)}
<p style="margin:0 0 24px;font-size:14px;line-height:1.5;word-break:break-all;"><a href="{{link}}" style="color:${BRAND.blue};">{{link}}</a></p>`;
}

/** A whole HTML mail: `heading` as title and first heading, then `body`, then the sign-off. */
export function documentHtml(heading: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${heading}</title>
</head>
<body style="margin:0;padding:0;background:${BRAND.paper};font-family:${BRAND.font};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BRAND.paper};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden;">
<tr><td style="background:${BRAND.navy};padding:20px 32px;">
<span style="display:inline-block;width:22px;height:22px;border-radius:6px;background:${BRAND.yellow};vertical-align:middle;"></span>
<span style="font-size:22px;font-weight:800;color:#ffffff;vertical-align:middle;padding-left:8px;">Inkwell</span>
</td></tr>
<tr><td style="padding:32px 32px 8px;">
<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;color:${BRAND.navy};">${heading}</h1>
${body}
</td></tr>
<tr><td style="padding:16px 32px 28px;border-top:1px solid #e6e4dd;font-size:13px;line-height:1.5;color:${BRAND.muted};">
Happy reading,<br>The Inkwell team<br>
<a href="{{storeUrl}}" style="color:${BRAND.blue};">{{storeUrl}}</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The text part's closing lines, matching the HTML sign-off. */
export const SIGN_OFF_TEXT = ['Happy reading,', 'The Inkwell team', '{{storeUrl}}', ''];
