import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { formatCount } from '@/lib/format';
import styles from './tabs.module.css';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  count?: number;
}

interface TabsProps<Id extends string> {
  /** Unique on the page: tab and panel ids are built from it. */
  idBase: string;
  label: string;
  tabs: ReadonlyArray<TabItem<Id>>;
  selected: Id;
  onSelect: (id: Id) => void;
}

const tabId = (idBase: string, id: string) => `${idBase}-tab-${id}`;
const panelId = (idBase: string, id: string) => `${idBase}-panel-${id}`;

/**
 * A tab list (WAI-ARIA tabs pattern): one tab stop, arrow keys, Home and End move between tabs and
 * show them straight away.
 */
export function Tabs<Id extends string>({ idBase, label, tabs, selected, onSelect }: TabsProps<Id>) {
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const next = { ArrowRight: index + 1 > last ? 0 : index + 1, ArrowLeft: index - 1 < 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[next];
    if (!target) return;
    onSelect(target.id);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(idBase, target.id))}`)?.focus();
  };

  return (
    <div ref={list} role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const active = tab.id === selected;
        return (
          <button
            key={tab.id}
            id={tabId(idBase, tab.id)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={panelId(idBase, tab.id)}
            tabIndex={active ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
            {tab.count !== undefined && <span className={styles.count}>{formatCount(tab.count)}</span>}
          </button>
        );
      })}
    </div>
  );
}

/** The content of the selected tab. */
export function TabPanel({ idBase, id, children }: { idBase: string; id: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(idBase, id)} aria-labelledby={tabId(idBase, id)} className={styles.panel}>
      {children}
    </div>
  );
}
