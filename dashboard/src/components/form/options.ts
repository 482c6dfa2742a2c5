/** One choice of a select, combobox or multi-select. Ids are the values the API takes. */
export interface FieldOption<K extends string | number = string | number> {
  id: K;
  label: string;
  /** A second line (an id, a count) shown under the label in the list. */
  detail?: string;
  isDisabled?: boolean;
}

/** The option whose id is `key`, comparing as text (React Aria keys may come back as strings). */
export function findOption<K extends string | number>(options: readonly FieldOption<K>[], key: unknown): FieldOption<K> | undefined {
  if (key === null || key === undefined) return undefined;
  return options.find((option) => String(option.id) === String(key));
}
