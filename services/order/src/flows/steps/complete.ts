import { movePurchase } from '../../store/purchases';
import { done, type FlowStep } from '../flow';
import { countCompleted } from '../metrics';
import { isFree, type PlaceContext } from './context';

/** Paid → Completed: every step of the purchase is done (counted once: a repeat finds it Completed and moves nothing). */
export const completePurchase: FlowStep<PlaceContext, Record<string, never>> = {
  name: 'complete',
  recordWithNext: true,
  async run({ deps, purchase }) {
    if (await movePurchase(deps.db, purchase.id, 'completed')) countCompleted(isFree(purchase) ? 'none' : deps.payments.kind);
    return done({});
  },
};
