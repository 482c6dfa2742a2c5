import type { Queryable } from '@inkwell/platform';
import type { InboundRejectionReason } from '../domain/inbound-rules';

/**
 * Inbound mail that opened no ticket, kept for whoever wonders where a mail went: when, the
 * envelope sender, the subject (cut to 200 characters) and why — never the body.
 */
export async function recordInboundRejection(
  q: Queryable,
  rejection: { mailFrom: string | null; subject: string | null; reason: InboundRejectionReason; bucketLocationKey?: string | null },
): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO inbound_rejections (mail_from, subject, reason, bucket_location_key) VALUES ($1, $2, $3, $4) RETURNING id`,
    [rejection.mailFrom?.slice(0, 320) ?? null, rejection.subject?.slice(0, 200) ?? null, rejection.reason, rejection.bucketLocationKey ?? null],
  );
  return Number(rows[0]!.id);
}
