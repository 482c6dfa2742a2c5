import { useId, useState } from 'react';
import { Button, Label, Tag, TagGroup, TagList } from 'react-aria-components';
import { CloseIcon } from '@inkwell/ui-kit/icons';
import { cx } from '@/lib/format';
import { ComboBoxField, type OptionLoader } from './combo-box-field';
import { fieldStyles as styles, type FieldProps } from './field-parts';
import { findOption, type FieldOption } from './options';

interface TagSelectFieldProps<K extends string | number> extends FieldProps {
  value?: readonly K[] | null | undefined;
  onChange?: (value: K[]) => void;
  /** The known options (genres, territories); labels of chosen ids come from here. */
  options?: readonly FieldOption<K>[];
  /** Searched on the server instead, for long lists (IP tags). */
  loadOptions?: OptionLoader<K>;
  queryKey?: readonly unknown[];
  /** Labels of ids chosen before this form opened, when `options` does not hold them. */
  labels?: Partial<Record<string | number, string>>;
  placeholder?: string;
}

/**
 * A labelled multi-select: the chosen values as removable tags (React Aria TagGroup; Backspace or
 * Delete removes the focused one), and a combobox to add more.
 */
export function TagSelectField<K extends string | number>({
  label,
  description,
  error,
  className,
  value,
  onChange,
  options = [],
  loadOptions,
  queryKey,
  labels = {},
  placeholder = 'Type to add…',
  isRequired,
  isDisabled,
  name,
  onBlur,
}: TagSelectFieldProps<K>) {
  const selected = value ?? [];
  // Labels of options picked from server searches, so their tags keep a name.
  const [seen, setSeen] = useState<Record<string, string>>({});
  const labelId = useId();
  const errorId = useId();
  const labelOf = (id: K) => findOption(options, id)?.label ?? labels[id] ?? seen[String(id)] ?? String(id);
  const remaining = options.filter((option) => !selected.some((id) => String(id) === String(option.id)));

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={error ? errorId : undefined}
      className={cx(styles.field, styles.tagGroup, className)}
      data-invalid={error ? true : undefined}
    >
      <TagGroup
        aria-labelledby={labelId}
        onRemove={(keys) => onChange?.(selected.filter((id) => !keys.has(id)))}
        className={styles.tagGroup}
      >
        <Label id={labelId} className={styles.label}>
          {label}
          {isRequired && (
            <span className={styles.required} aria-hidden="true">
              *
            </span>
          )}
        </Label>
        <TagList className={styles.tagList} renderEmptyState={() => <span className={styles.tagEmpty}>None chosen yet.</span>}>
          {selected.map((id) => (
            <Tag key={String(id)} id={id} textValue={labelOf(id)} className={styles.tag}>
              {labelOf(id)}
              {!isDisabled && (
                <Button slot="remove" className={styles.tagRemove} aria-label={`Remove ${labelOf(id)}`}>
                  <CloseIcon size={12} />
                </Button>
              )}
            </Tag>
          ))}
        </TagList>
      </TagGroup>
      {!isDisabled && (
        <ComboBoxField<K>
          label={`Add to ${label.toLowerCase()}`}
          name={name}
          onBlur={onBlur}
          value={null}
          options={loadOptions ? undefined : remaining}
          loadOptions={
            loadOptions
              ? async (search, signal) => (await loadOptions(search, signal)).filter((o) => !selected.some((id) => String(id) === String(o.id)))
              : undefined
          }
          queryKey={queryKey ? [...queryKey, selected] : undefined}
          placeholder={placeholder}
          clearsOnPick
          onChange={(id, option) => {
            if (id === null || selected.some((chosen) => String(chosen) === String(id))) return;
            if (option) setSeen((known) => ({ ...known, [String(id)]: option.label }));
            onChange?.([...selected, id]);
          }}
        />
      )}
      {description && <span className={styles.description}>{description}</span>}
      {error && (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}
