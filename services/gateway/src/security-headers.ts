/**
 * Security headers on every answer of the public origin, computed once: the same set a hardened
 * helmet configuration sends, without rebuilding it per request.
 */
/** The policy of every answer; `scriptSources` adds sources (e.g. one inline script's hash) for one document. */
export function contentSecurityPolicy(scriptSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    ["script-src 'self'", ...scriptSources].join(' '),
    "connect-src 'self'",
    "font-src 'self' data:",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

export function securityHeaders(publicUrl: string): Record<string, string> {
  return {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    // Same-origin only: other sites cannot embed our answers in their pages.
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    // The legacy XSS auditor does more harm than good; the CSP above does the job.
    'x-xss-protection': '0',
    ...(publicUrl.startsWith('https:') ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
