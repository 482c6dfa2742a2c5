import type { ReactNode } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { cx } from '@/lib/format';
import styles from './menu-button.module.css';

export interface MenuAction {
  id: string;
  label: string;
  onAction?: () => void;
  /** A link instead of an action (in the dashboard's router). */
  href?: string;
  isDestructive?: boolean;
  isDisabled?: boolean;
  /** Draw a line above this item. */
  separatorBefore?: boolean;
}

interface MenuButtonProps {
  /** Names the menu for screen readers ("Actions for Dark Horse"). */
  label: string;
  actions: readonly MenuAction[];
  /** The trigger's content; three dots by default. */
  children?: ReactNode;
  className?: string;
}

/** A button that opens a menu of actions (React Aria Menu: arrow keys, typeahead, Escape), e.g. a table row's actions. */
export function MenuButton({ label, actions, children, className }: MenuButtonProps) {
  return (
    <MenuTrigger>
      <Button aria-label={children ? undefined : label} className={cx(children ? styles.textTrigger : styles.trigger, className)}>
        {children ?? (
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
            <circle cx="5" cy="12" r="2" />
            <circle cx="12" cy="12" r="2" />
            <circle cx="19" cy="12" r="2" />
          </svg>
        )}
      </Button>
      <Popover className={styles.popover} placement="bottom end" offset={4}>
        <Menu className={styles.menu} aria-label={label}>
          {actions.flatMap((action) => [
            ...(action.separatorBefore ? [<Separator key={`${action.id}-separator`} className={styles.separator} />] : []),
            <MenuItem
              key={action.id}
              id={action.id}
              href={action.href}
              onAction={action.onAction}
              isDisabled={action.isDisabled}
              className={cx(styles.item, action.isDestructive && styles.destructive)}
            >
              {action.label}
            </MenuItem>,
          ])}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
