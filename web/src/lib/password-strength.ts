import { useEffect, useState } from 'react';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { PASSWORD_MAX_LENGTH, PASSWORD_STRENGTH_LABELS, PASSWORD_STRENGTH_OPTIONS, passwordProblem, passwordStrengthMessage, passwordUserInputs } from '@inkwell/contracts/account-rules';

/**
 * The strength of a new password as the reader types it (issue 26), by the rule the account service
 * applies (contracts/account-rules): zxcvbn-ts with the same dictionaries and options. Its
 * dictionaries weigh a few megabytes, so they load on first use — when a password field is shown —
 * in their own chunk, and the first page stays light.
 */
let estimator: Promise<ZxcvbnFactory> | null = null;

export function loadPasswordEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        ...PASSWORD_STRENGTH_OPTIONS,
        maxLength: PASSWORD_MAX_LENGTH,
        translations: en.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...en.dictionary },
      }),
    (error: unknown) => {
      estimator = null;
      throw error;
    },
  );
  return estimator;
}

export interface PasswordStrength {
  /** zxcvbn's score, 0 (very weak) to 4 (very strong). */
  score: number;
  label: (typeof PASSWORD_STRENGTH_LABELS)[number];
  /** Why the service would refuse it (length or strength), or undefined when it would take it. */
  problem: string | undefined;
}

/** The strength of `password` for the account of `email`; null while it is empty or the estimator is loading. */
export function usePasswordStrength(password: string, email: string | null | undefined): PasswordStrength | null {
  const [factory, setFactory] = useState<ZxcvbnFactory | null>(null);
  useEffect(() => {
    let current = true;
    loadPasswordEstimator().then(
      (loaded) => current && setFactory(() => loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  if (!factory || password === '') return null;
  const tooLong = [...password].length > PASSWORD_MAX_LENGTH;
  const result = factory.check(tooLong ? password.slice(0, PASSWORD_MAX_LENGTH) : password, passwordUserInputs(email));
  const score = Math.max(0, Math.min(4, result.score));
  return {
    score,
    label: PASSWORD_STRENGTH_LABELS[score]!,
    problem: passwordProblem(password) ?? passwordStrengthMessage({ score, warning: result.feedback.warning, suggestions: result.feedback.suggestions }),
  };
}
