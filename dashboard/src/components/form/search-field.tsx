import { Button, Input, SearchField as AriaSearchField, Label } from 'react-aria-components';
import { CloseIcon, SearchIcon } from '@inkwell/ui-kit/icons';
import { cx } from '@/lib/format';
import { fieldStyles as styles } from './field-parts';

interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Show the label (off in table toolbars, where the placeholder and the table say enough; it stays for screen readers). */
  showLabel?: boolean;
  className?: string;
}

/** A search box for list toolbars; Escape clears it. */
export function SearchField({ label, value, onChange, placeholder, showLabel = false, className }: SearchFieldProps) {
  return (
    <AriaSearchField value={value} onChange={onChange} className={cx(styles.field, className)}>
      <Label className={showLabel ? styles.label : 'visually-hidden'}>{label}</Label>
      <div className={styles.group}>
        <SearchIcon size={16} aria-hidden="true" />
        <Input className={styles.input} placeholder={placeholder} />
        {value !== '' && (
          <Button className={styles.iconButton} aria-label="Clear the search">
            <CloseIcon size={14} />
          </Button>
        )}
      </div>
    </AriaSearchField>
  );
}
