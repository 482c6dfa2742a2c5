/** The dashboard's form fields; see field-parts.tsx for how they work with react-hook-form. */
export { CheckboxField, SwitchField } from './checkbox-field';
export { ComboBoxField, type OptionLoader } from './combo-box-field';
export { DatePickerField } from './date-picker-field';
export type { FieldProps } from './field-parts';
export { NumberField } from './number-field';
export { findOption, type FieldOption } from './options';
export { SearchField } from './search-field';
export { SelectField } from './select-field';
export { TagSelectField } from './tag-select-field';
export { TextAreaField, TextField } from './text-field';
