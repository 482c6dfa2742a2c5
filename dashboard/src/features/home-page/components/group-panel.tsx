import { useId } from 'react';
import { WHEEL_GROUP_TYPES, WHEEL_MIN_ITEMS_PER_BUCKET } from '@inkwell/contracts/dashboard-merchandising';
import { Button } from '@inkwell/ui-kit/button';
import { AuditTrail } from '@/components/audit/audit-trail';
import { CheckboxField, SelectField, TextField } from '@/components/form';
import { bucketChecks, emptyItem, itemLabel, itemProblems, moveInArray, publishProblems, renumber, type DraftGroup, type DraftItem } from '../wheel-draft';
import { DragHandle, SortableList, SortableRow } from './sortable-list';
import styles from './home-page.module.css';

const TYPE_OPTIONS = WHEEL_GROUP_TYPES.map((type) => ({ id: type, label: type }));

interface GroupPanelProps {
  group: DraftGroup;
  onChange: (group: DraftGroup) => void;
  onEditItem: (item: DraftItem, isNew: boolean) => void;
  onRemoveItem: (item: DraftItem) => void;
  /** Problems the catalog named for this group when it refused the last save. */
  refused: string[];
}

/** An open group: its fields, the publish checks per age bucket, its items (drag, keyboard or buttons to reorder) and its history. */
export function GroupPanel({ group, onChange, onEditItem, onRemoveItem, refused }: GroupPanelProps) {
  const checks = bucketChecks(group);
  const hints = publishProblems(group);
  const checksId = useId();
  const moveItem = (from: number, to: number) => onChange({ ...group, items: renumber(moveInArray(group.items, from, to)) });
  const removed = group.status === 'Removed' || group.action === 'remove';

  return (
    <div className={styles.panel}>
      <fieldset className={styles.groupFields} disabled={removed}>
        <legend className="visually-hidden">Group fields</legend>
        <TextField label="Group name" isRequired value={group.name} maxLength={200} onChange={(name) => onChange({ ...group, name })} description="A name used twice gets “ (2)” added when saved." />
        <SelectField
          label="Group type"
          isRequired
          options={TYPE_OPTIONS}
          value={group.type}
          onChange={(type) => onChange({ ...group, type })}
          isDisabled={group.id !== undefined && group.items.length > 0}
          description={group.id !== undefined && group.items.length > 0 ? 'Fixed once the group has items.' : undefined}
        />
        <div className={styles.targets} role="group" aria-label="Platforms">
          <CheckboxField label="Website" value={group.isForWebsite} onChange={(isForWebsite) => onChange({ ...group, isForWebsite })} />
          <CheckboxField label="Steam" value={group.isForSteam} onChange={(isForSteam) => onChange({ ...group, isForSteam })} />
          <CheckboxField label="Nintendo Switch" value={group.isForNintendoSwitch} onChange={(isForNintendoSwitch) => onChange({ ...group, isForNintendoSwitch })} />
        </div>
      </fieldset>

      <div className={styles.checks}>
        <h4 id={checksId} className={styles.subTitle}>
          Publish checks per age rating
        </h4>
        <table className={styles.bucketTable} aria-labelledby={checksId}>
          <thead>
            <tr>
              <th scope="col">Age rating</th>
              <th scope="col">Items shown</th>
              <th scope="col">Needed</th>
              <th scope="col">Check</th>
            </tr>
          </thead>
          <tbody>
            {checks.map((check) => (
              <tr key={check.bucket} data-bucket={check.bucket} data-ok={check.ok}>
                <th scope="row">{check.bucket}</th>
                <td>{check.count}</td>
                <td>{WHEEL_MIN_ITEMS_PER_BUCKET}</td>
                <td className={check.ok ? styles.ok : styles.short}>{check.ok ? 'Enough' : `Short by ${WHEEL_MIN_ITEMS_PER_BUCKET - check.count}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className={styles.muted}>Counted here from the editor: enabled items that are not geo-restricted, from their own rating up to their display-up-to rating. The catalog checks again when publishing.</p>
        {hints.length > 0 && (
          <details className={styles.hints}>
            <summary>
              {hints.length} reason{hints.length === 1 ? '' : 's'} this group may not publish yet
            </summary>
            <ul>
              {hints.map((hint) => (
                <li key={hint}>{hint}</li>
              ))}
            </ul>
          </details>
        )}
        {refused.length > 0 && (
          <div className={styles.refused} role="alert">
            <p>The catalog refused to publish this group:</p>
            <ul>
              {refused.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        )}
      </div>

      <div className={styles.itemsHeader}>
        <h4 className={styles.subTitle}>Items ({group.items.length})</h4>
        {!removed && (
          <Button variant="secondary" size="sm" onClick={() => onEditItem(emptyItem(group.items.length), true)}>
            Add item
          </Button>
        )}
      </div>
      {group.items.length === 0 ? (
        <p className={styles.muted}>No items yet. A group needs at least one item to publish, and {WHEEL_MIN_ITEMS_PER_BUCKET} per age rating.</p>
      ) : (
        <SortableList
          items={group.items}
          keyOf={(item) => item.key}
          nameOf={(item) => `item “${itemLabel(item, group.type)}”`}
          onMove={moveItem}
          label={`the items of ${group.name || 'the group'}`}
          className={styles.itemList}
        >
          {(item, index) => {
            const label = itemLabel(item, group.type);
            const missing = itemProblems(item, group.type);
            return (
              <SortableRow key={item.key} id={item.key} disabled={removed} className={styles.itemRow}>
                <DragHandle label={`Drag item ${label}`} />
                {item.thumbnail ? <img src={item.thumbnail.url} alt="" className={styles.itemThumb} /> : <span className={styles.itemThumb} aria-hidden="true" />}
                <div className={styles.itemText}>
                  <span className={styles.itemName}>{label}</span>
                  <span className={styles.muted}>
                    {[
                      group.type === 'Banner' ? 'Banner' : item.type,
                      item.enabled ? 'enabled' : 'disabled',
                      item.displayUpToAgeRating ? `up to ${item.displayUpToAgeRating}` : 'no rating limit set',
                      item.metaData.known ? (item.metaData.ageRating ? `rated ${item.metaData.ageRating}` : null) : 'rating known once saved',
                      item.metaData.isGeoRestricted ? 'geo-restricted' : null,
                      missing.length > 0 ? `${missing.length} field${missing.length === 1 ? '' : 's'} missing` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </div>
                {!removed && (
                  <div className={styles.rowButtons}>
                    <Button variant="ghost" size="sm" onClick={() => onEditItem(item, false)} aria-label={`Edit item ${label}`}>
                      Edit
                    </Button>
                    <Button variant="ghost" size="sm" disabled={index === 0} onClick={() => moveItem(index, index - 1)} aria-label={`Move item ${label} up`}>
                      Up
                    </Button>
                    <Button variant="ghost" size="sm" disabled={index === group.items.length - 1} onClick={() => moveItem(index, index + 1)} aria-label={`Move item ${label} down`}>
                      Down
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => onRemoveItem(item)} aria-label={`Remove item ${label}`}>
                      Remove
                    </Button>
                  </div>
                )}
              </SortableRow>
            );
          }}
        </SortableList>
      )}

      {group.id !== undefined && <AuditTrail entity="home/entry" id={group.id} headingLevel="h3" />}
    </div>
  );
}
