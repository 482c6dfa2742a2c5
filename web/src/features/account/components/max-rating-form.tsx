import { useId, useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES } from '@inkwell/contracts/account-rules';
import { AGE_RATING_KEYS, type AgeRatingKey } from '@inkwell/contracts/age-ratings';
import { ApiError } from '@inkwell/ui-kit/api-client';
import { PasswordField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { useUpdateMaxShownRating } from '../api/update-setting';
import styles from './account-settings.module.css';

/** No setting hides nothing: the same as allowing the highest rating. */
const NO_LIMIT: AgeRatingKey = 'm';

export type RatingLabels = Record<AgeRatingKey, { label: string; short: string }>;

function optionLabel(key: AgeRatingKey, labels: RatingLabels): string {
  return `${labels[key].label} · ${labels[key].short}`;
}

/** The maximum shown rating; changing it needs the password, since it is how a shared device is kept age-appropriate. */
export function MaxRatingForm({ current, labels }: { current: AgeRatingKey | null; labels: RatingLabels }) {
  const update = useUpdateMaxShownRating();
  const selectId = useId();
  const [value, setValue] = useState<AgeRatingKey>(current ?? NO_LIMIT);
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending || !password) return;
    update.mutate({ value, password }, { onSuccess: () => setPassword('') });
  };

  const wrongPassword = update.error instanceof ApiError && update.error.httpStatus === 403;
  const unchanged = value === (current ?? NO_LIMIT);

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.pair}>
        <div className={styles.selectField}>
          <label htmlFor={selectId} className={styles.selectLabel}>
            Show comics rated up to
          </label>
          <select
            id={selectId}
            className={styles.select}
            value={value}
            onChange={(event) => {
              setValue(event.target.value as AgeRatingKey);
              if (!update.isIdle) update.reset();
            }}
          >
            {AGE_RATING_KEYS.map((key) => (
              <option key={key} value={key}>
                {optionLabel(key, labels)}
              </option>
            ))}
          </select>
        </div>
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          error={wrongPassword ? ACCOUNT_MESSAGES.wrongPassword : undefined}
          onChange={(event) => {
            setPassword(event.target.value);
            if (!update.isIdle) update.reset();
          }}
        />
      </div>
      {update.isError && !wrongPassword && <FormAlert tone="error">{update.error.message}</FormAlert>}
      {update.isSuccess && <FormAlert tone="success">Saved. The store now shows comics rated up to {labels[value].label}.</FormAlert>}
      <div className={styles.formActions}>
        <SubmitButton pending={update.isPending} pendingLabel="Saving…" disabled={!password || unchanged}>
          Save rating
        </SubmitButton>
      </div>
    </form>
  );
}
