import { movePurchase } from '../../store/purchases';
import { done, type FlowStep } from '../flow';
import type { PlaceContext } from './context';

/** Paid → Completed: every step of the purchase is done. */
export const completePurchase: FlowStep<PlaceContext, Record<string, never>> = {
  name: 'complete',
  recordWithNext: true,
  async run({ deps, purchase }) {
    await movePurchase(deps.db, purchase.id, 'completed');
    return done({});
  },
};
