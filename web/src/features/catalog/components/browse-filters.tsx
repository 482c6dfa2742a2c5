import { useEffect, useId, useRef } from 'react';
import { Button } from '@inkwell/ui-kit/button';
import { CloseIcon } from '@inkwell/ui-kit/icons';
import { usePublishers } from '../api/get-publishers';
import {
  FORMAT_OPTIONS,
  RATING_OPTIONS,
  STATUS_OPTIONS,
  activeFilterCount,
  volumeFiltersOf,
  withFilter,
  withoutFilters,
  type VolumeFilters,
} from '../browse-params';
import styles from './browse-filters.module.css';

interface FiltersProps {
  params: URLSearchParams;
  onChange: (next: URLSearchParams) => void;
}

/**
 * The volume filters: format, free to read, age rating, publisher and status. Each change goes
 * into the address at once (so a link keeps the filters, and back undoes one). Native controls,
 * so the keyboard and screen readers work as they do everywhere.
 */
function FilterControls({ params, onChange }: FiltersProps) {
  const id = useId();
  const publishers = usePublishers();
  const filters: VolumeFilters = volumeFiltersOf(params);
  const set = (name: Parameters<typeof withFilter>[1], value: Parameters<typeof withFilter>[2]) => onChange(withFilter(params, name, value));

  return (
    <div className={styles.controls}>
      <div className={styles.field}>
        <label htmlFor={`${id}-format`}>Format</label>
        <select id={`${id}-format`} className={styles.select} value={filters.format ?? ''} onChange={(event) => set('format', event.target.value || null)}>
          <option value="">Any format</option>
          {FORMAT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-status`}>Availability</label>
        <select id={`${id}-status`} className={styles.select} value={filters.status ?? ''} onChange={(event) => set('status', event.target.value || null)}>
          <option value="">Any</option>
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-publisher`}>Publisher</label>
        <select
          id={`${id}-publisher`}
          className={styles.select}
          value={filters.publisherId ?? ''}
          onChange={(event) => set('publisher', event.target.value || null)}
          disabled={!publishers.isSuccess && filters.publisherId === null}
        >
          <option value="">{publishers.isPending ? 'Loading…' : 'Any publisher'}</option>
          {publishers.data?.map((publisher) => (
            <option key={publisher.id} value={publisher.id}>
              {publisher.name}
            </option>
          ))}
          {filters.publisherId !== null && !publishers.data?.some((publisher) => publisher.id === filters.publisherId) && (
            <option value={filters.publisherId}>Publisher {filters.publisherId}</option>
          )}
        </select>
      </div>
      <fieldset className={styles.group}>
        <legend>Price</legend>
        <label className={styles.check}>
          <input type="checkbox" checked={filters.free} onChange={(event) => set('price', event.target.checked ? 'free' : null)} />
          Free to read
        </label>
      </fieldset>
      <fieldset className={styles.group}>
        <legend>Age rating</legend>
        <div className={styles.checks}>
          {RATING_OPTIONS.map((option) => (
            <label key={option.value} className={styles.check}>
              <input
                type="checkbox"
                checked={filters.ratings.includes(option.value)}
                onChange={(event) =>
                  set('rating', event.target.checked ? [...filters.ratings, option.value] : filters.ratings.filter((rating) => rating !== option.value))
                }
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/**
 * Filters inline on wide screens; on a phone a "Filters" button opens them in a drawer (a native
 * modal dialog: focus stays inside, Escape closes it), with the number of results on its close button.
 */
export function BrowseFilters({ params, onChange, open, onOpenChange, resultCount }: FiltersProps & { open: boolean; onOpenChange: (open: boolean) => void; resultCount: number | null }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const filters = volumeFiltersOf(params);
  const count = activeFilterCount(filters);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <>
      <div className={styles.inline}>
        <FilterControls params={params} onChange={onChange} />
        {count > 0 && (
          <button type="button" className={styles.clear} onClick={() => onChange(withoutFilters(params))}>
            Clear filters
          </button>
        )}
      </div>
      <div className={styles.phoneBar}>
        <Button variant="secondary" onClick={() => onOpenChange(true)} aria-haspopup="dialog">
          Filters{count > 0 ? ` (${count})` : ''}
        </Button>
        {count > 0 && (
          <button type="button" className={styles.clear} onClick={() => onChange(withoutFilters(params))}>
            Clear filters
          </button>
        )}
      </div>
      <dialog ref={dialog} className={styles.drawer} aria-labelledby={titleId} onClose={() => onOpenChange(false)}>
        {open && (
          <>
            <div className={styles.drawerHead}>
              <h2 id={titleId} className={styles.drawerTitle}>
                Filters
              </h2>
              <button type="button" className={styles.drawerClose} onClick={() => onOpenChange(false)} aria-label="Close filters">
                <CloseIcon size={20} />
              </button>
            </div>
            <FilterControls params={params} onChange={onChange} />
            <div className={styles.drawerFoot}>
              {count > 0 && (
                <button type="button" className={styles.clear} onClick={() => onChange(withoutFilters(params))}>
                  Clear filters
                </button>
              )}
              <Button onClick={() => onOpenChange(false)}>{resultCount === null ? 'Show results' : `Show ${resultCount} ${resultCount === 1 ? 'result' : 'results'}`}</Button>
            </div>
          </>
        )}
      </dialog>
    </>
  );
}
