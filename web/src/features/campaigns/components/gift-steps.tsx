import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BADGE_IDS, BADGE_MESSAGES } from '@inkwell/contracts/badges';
import { ApiError } from '@inkwell/ui-kit/api-client';
import { Button } from '@inkwell/ui-kit/button';
import { CheckIcon, LockIcon } from '@inkwell/ui-kit/icons';
import { LoginStatus, useAuth } from '@/lib/auth';
import { useBadges, useClaimBadge } from '../api/badges';
import { claimStateOf, claimedBadge, stepDisplays } from '../claim-state';
import { AFTER_PARTY_TEXT, ClaimState, StepDisplay } from '../constants';
import styles from './campaigns.module.css';

const STEP_CLASS: Record<StepDisplay, string | undefined> = {
  [StepDisplay.Current]: styles.stepCurrent,
  [StepDisplay.Active]: styles.stepActive,
  [StepDisplay.Lock]: styles.stepLock,
};

/**
 * The after-party gift steps (spec §4): Step 1 log in, Step 2 claim the discount code (badge 3),
 * Step 3 join the party. 'Not enough gifts' shows under the steps when the pool is empty and the
 * state stays; any other answer moves to claimed and the badges are fetched again.
 */
export function GiftSteps({ joinHref }: { joinHref: string }) {
  const { status, openLogin } = useAuth();
  const loggedIn = status === LoginStatus.LoggedIn;
  const badges = useBadges(loggedIn);
  const claim = useClaimBadge();
  const [notEnough, setNotEnough] = useState(false);
  const state = claimStateOf(loggedIn, badges.data);
  const displays = stepDisplays(state);
  const gift = claimedBadge(badges.data)?.gift;

  const onClaim = () => {
    setNotEnough(false);
    claim.mutate(BADGE_IDS.afterParty, {
      onError: (error) => {
        if (error instanceof ApiError && error.message === BADGE_MESSAGES.noMoreGifts) setNotEnough(true);
      },
    });
  };

  const step = (index: 0 | 1 | 2, label: string, body: ReactNode) => {
    const display = displays[index];
    return (
      <li className={[styles.step, STEP_CLASS[display]].join(' ')} data-display={display} aria-current={display === StepDisplay.Current ? 'step' : undefined}>
        <p className={styles.stepNumber}>
          {display === StepDisplay.Active ? <CheckIcon size={16} /> : display === StepDisplay.Lock ? <LockIcon size={16} /> : null}
          Step {index + 1}
        </p>
        <h3 className={styles.stepTitle}>{label}</h3>
        {body}
      </li>
    );
  };

  return (
    <section className={styles.giftSteps} aria-labelledby="gift-steps-title">
      <h2 id="gift-steps-title" className={styles.sectionTitle}>
        Get your discount code
      </h2>
      <ol className={styles.steps}>
        {step(
          0,
          state === ClaimState.LoggedOut ? AFTER_PARTY_TEXT.step1Todo : AFTER_PARTY_TEXT.step1Done,
          state === ClaimState.LoggedOut ? (
            <Button onClick={() => openLogin()} disabled={status === LoginStatus.Unknown}>
              Log in or sign up
            </Button>
          ) : (
            <p className={styles.stepText}>You are logged in to your Reader account.</p>
          ),
        )}
        {step(
          1,
          state === ClaimState.Claimed ? AFTER_PARTY_TEXT.step2Done : AFTER_PARTY_TEXT.step2Todo,
          state === ClaimState.Claimed ? (
            <div>
              <p className={styles.code} aria-label={`Your discount code: ${gift?.code ?? ''}`}>
                {gift?.code}
              </p>
              <p className={styles.stepText}>{AFTER_PARTY_TEXT.codeDirections}</p>
            </div>
          ) : (
            <Button onClick={onClaim} disabled={state !== ClaimState.NoCode || claim.isPending}>
              {AFTER_PARTY_TEXT.claim}
            </Button>
          ),
        )}
        {step(
          2,
          AFTER_PARTY_TEXT.step3,
          state === ClaimState.Claimed ? (
            <Link className={styles.joinLink} to={joinHref}>
              {AFTER_PARTY_TEXT.join}
            </Link>
          ) : (
            <span className={styles.joinLocked} aria-disabled="true">
              {AFTER_PARTY_TEXT.join}
            </span>
          ),
        )}
      </ol>
      <div role="status" className={styles.notEnough}>
        {notEnough && AFTER_PARTY_TEXT.notEnoughGifts}
      </div>
    </section>
  );
}
