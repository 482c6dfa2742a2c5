import { BADGE_IDS } from '@inkwell/contracts/badges';
import type { UserBadge } from '@inkwell/contracts/badges';
import { ClaimState, StepDisplay } from './constants';

/** Spec §4: claimed when the reader's badges hold the after-party badge (3) or the convention badge (2). */
export function claimedBadge(badges: readonly UserBadge[] | undefined): UserBadge | undefined {
  return badges?.find((held) => held.badge.id === BADGE_IDS.afterParty) ?? badges?.find((held) => held.badge.id === BADGE_IDS.convention);
}

export function claimStateOf(loggedIn: boolean, badges: readonly UserBadge[] | undefined): ClaimState {
  if (!loggedIn) return ClaimState.LoggedOut;
  return claimedBadge(badges) ? ClaimState.Claimed : ClaimState.NoCode;
}

/** Each step's display type in a state: done steps ACTIVE, the one to do CURRENT, later ones LOCK. */
export function stepDisplays(state: ClaimState): [StepDisplay, StepDisplay, StepDisplay] {
  const of = (step: number): StepDisplay => (step < state ? StepDisplay.Active : step === state ? StepDisplay.Current : StepDisplay.Lock);
  return [of(0), of(1), of(2)];
}
