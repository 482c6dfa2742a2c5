import { createEnvelope, type EventEnvelope } from '@inkwell/platform';
import { signTestToken, type TestService } from '@inkwell/platform/testing';
import type { SupportParts } from '../src';
import type { SentEmail } from '../src/store/sent-emails';

let counter = 0;
/** A fresh address per call, so tests in one file never read each other's mail. */
export function address(prefix = 'reader'): string {
  counter += 1;
  return `${prefix}-${counter}-${process.pid}@example.com`;
}

export function accountEvent(type: string, data: { userId: string } & Record<string, unknown>): EventEnvelope {
  return createEnvelope('account', { type, key: data.userId, data });
}

export const adminToken = () => signTestToken({ userId: 'staff-1', email: 'staff@inkwell.example', roles: ['admin'] });
export const readerToken = () => signTestToken({ userId: 'reader-1', email: 'reader@example.com', roles: [] });

/**
 * Waits until the service's consumers have handled what was published, sends what is queued, then
 * reads every mail to `to` through the staff API, oldest first.
 */
export async function mailsTo(service: TestService<SupportParts>, to: string): Promise<SentEmail[]> {
  await service.bus.idle();
  await service.exposed.sendQueuedEmails();
  const response = await service.app.inject({
    method: 'POST',
    url: '/api/dashboard/sent-emails/post-pagination',
    headers: { authorization: `Bearer ${await adminToken()}` },
    payload: { pageNumber: 1, pageSize: 100, search: to },
  });
  if (response.statusCode !== 200) throw new Error(`sent-emails answered ${response.statusCode}: ${response.body}`);
  return (response.json().response.items as SentEmail[]).reverse();
}
