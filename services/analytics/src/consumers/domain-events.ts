import type { EventEffect } from '@inkwell/platform';
import { insertDomainEvent } from '../store/domain-events';

/** Keeps a copy of every domain event, once however often it is delivered. */
export const recordDomainEvent: EventEffect = async (tx, event) => {
  await insertDomainEvent(tx, event);
};
