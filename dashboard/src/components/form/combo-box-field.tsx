import { useContext, useEffect, useState, type Ref } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, ComboBox, ComboBoxStateContext, Group, Input, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { CheckIcon, ChevronDownIcon } from '@inkwell/ui-kit/icons';
import { cx } from '@/lib/format';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@/lib/use-debounced-value';
import { FieldHelp, FieldLabel, fieldStyles as styles, type FieldProps } from './field-parts';
import { findOption, type FieldOption } from './options';

/** Fetches the options matching what staff typed; `signal` cancels a search overtaken by typing. */
export type OptionLoader<K extends string | number> = (search: string, signal: AbortSignal) => Promise<FieldOption<K>[]>;

interface ComboBoxFieldProps<K extends string | number> extends FieldProps {
  /** The selected id, or null. */
  value?: K | null | undefined;
  onChange?: (value: K | null, option: FieldOption<K> | undefined) => void;
  /** Options searched on the server as staff type (debounced 200 ms, spec §9). */
  loadOptions?: OptionLoader<K>;
  /** Identifies the option source in react-query's cache, e.g. `['series-options']`. */
  queryKey?: readonly unknown[];
  /** A fixed list, filtered in the browser; used instead of `loadOptions`. */
  options?: readonly FieldOption<K>[];
  /** The label of the selected option, for when it is not among the options loaded (an edited item's series). */
  selectedLabel?: string | undefined;
  placeholder?: string;
  /** Empties the input and closes the list after each pick, for a multi-select's adder (the pick lives elsewhere). */
  clearsOnPick?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled text input that suggests options as staff type: a fixed list filtered locally, or an
 * asynchronous search on the server (series, publishers, IP tags). Only an option can be chosen.
 */
export function ComboBoxField<K extends string | number>({
  label,
  description,
  error,
  className,
  value,
  onChange,
  loadOptions,
  queryKey = ['combo-box-options', label],
  options: fixedOptions,
  selectedLabel,
  placeholder,
  clearsOnPick = false,
  ref,
  ...props
}: ComboBoxFieldProps<K>) {
  const [input, setInput] = useState(selectedLabel ?? '');
  const [typing, setTyping] = useState(false);
  const [picks, setPicks] = useState(0);
  const search = useDebouncedValue(typing ? input.trim() : '', SEARCH_DEBOUNCE_MS);
  const remote = useQuery({
    queryKey: [...queryKey, search],
    queryFn: ({ signal }) => loadOptions!(search, signal),
    enabled: loadOptions !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  const loaded = loadOptions ? (remote.data ?? []) : (fixedOptions ?? []);
  const current = findOption(loaded, value);
  // The selected option stays in the list even when the search no longer returns it.
  const items: FieldOption<K>[] =
    value !== null && value !== undefined && !current ? [{ id: value, label: selectedLabel ?? String(value) }, ...loaded] : [...loaded];

  const shownLabel = current?.label ?? selectedLabel ?? (value !== null && value !== undefined ? String(value) : '');
  useEffect(() => {
    if (!typing) setInput(shownLabel);
  }, [shownLabel, typing]);

  return (
    <ComboBox
      {...props}
      items={items}
      value={value ?? null}
      inputValue={input}
      onInputChange={(next) => {
        setInput(next);
        setTyping(true);
      }}
      onChange={(key) => {
        const option = findOption(items, key);
        setTyping(false);
        setInput(clearsOnPick ? '' : (option?.label ?? ''));
        if (clearsOnPick && option) setPicks((count) => count + 1);
        onChange?.(option?.id ?? null, option);
      }}
      onOpenChange={(open) => {
        if (!open) setTyping(false);
      }}
      menuTrigger="focus"
      allowsEmptyCollection
      defaultFilter={loadOptions ? () => true : undefined}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      className={cx(styles.field, className)}
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      <Group className={styles.group}>
        <Input ref={ref} className={styles.input} placeholder={placeholder} />
        <Button className={styles.iconButton} aria-label={`Show ${label.toLowerCase()} options`}>
          <ChevronDownIcon size={16} />
        </Button>
      </Group>
      <FieldHelp description={description} error={error} />
      <CloseAfterPick picks={picks} />
      <Popover className={styles.popover} offset={4}>
        <ListBox
          className={styles.listBox}
          renderEmptyState={() => (
            <div className={styles.listMessage}>{remote.isFetching ? 'Searching…' : remote.isError ? 'The options did not load.' : 'Nothing matches.'}</div>
          )}
        >
          {(option: FieldOption<K>) => (
            <ListBoxItem id={option.id} textValue={option.label} isDisabled={option.isDisabled} className={styles.option}>
              {({ isSelected }) => (
                <>
                  <span>
                    {option.label}
                    {option.detail && <span className={styles.description}> · {option.detail}</span>}
                  </span>
                  {isSelected && <CheckIcon size={14} className={styles.optionCheck} />}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

/**
 * Closes the list once a pick has emptied the input. React Aria closes a combobox's list when its
 * value changes, but an adder's value stays empty, so the list would stay open (and keep the rest of
 * the page hidden from screen readers) on "Nothing matches." while focus waits in the input.
 */
function CloseAfterPick({ picks }: { picks: number }) {
  const state = useContext(ComboBoxStateContext);
  useEffect(() => {
    if (picks > 0) state?.close();
    // Only a new pick closes the list; `state` is a new object on every render, so it is left out.
  }, [picks]);
  return null;
}
