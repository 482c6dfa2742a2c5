import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { HomeEntries, HomepageMessaging } from '@inkwell/contracts/dashboard-merchandising';
import { Button } from '@inkwell/ui-kit/button';
import { ConfirmDialog } from '@/components/dialog/confirm-dialog';
import { FormDialog } from '@/components/dialog/form-dialog';
import { DatePickerField } from '@/components/form';
import { StatusBadge } from '@/components/feedback/status-badge';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/layout/page-header';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { formatDateTime } from '@/lib/format';
import { readRefusal } from '@/lib/refusal';
import { errorMessage } from '@/lib/staff-api';
import { getHomeEntries, homeEntriesKey, reorderWheel, saveWheel, useHomeEntries } from '../api/home-api';
import { GroupPanel } from '../components/group-panel';
import { HeroPreview } from '../components/hero-preview';
import { HomeSettings } from '../components/home-settings';
import { ItemDialog } from '../components/item-dialog';
import { DragHandle, SortableList, SortableRow } from '../components/sortable-list';
import { draftFromStored, emptyGroup, groupMoves, moveInArray, pendingChanges, renumber, type DraftGroup, type DraftItem, type GroupType, type PendingAction } from '../wheel-draft';
import styles from '../components/home-page.module.css';

interface Refused {
  title: string;
  messages: string[];
  /** Messages by the group they are about (the catalog's WheelProblem.groupId). */
  byGroup: Map<number, string[]>;
}

function readWheelRefusal(title: string, error: unknown): Refused {
  const { problems } = readRefusal(error);
  const byGroup = new Map<number, string[]>();
  for (const problem of problems as (typeof problems[number] & { groupId?: number | null })[]) {
    if (typeof problem.groupId === 'number') byGroup.set(problem.groupId, [...(byGroup.get(problem.groupId) ?? []), problem.message]);
  }
  return { title, messages: problems.map((problem) => problem.message), byGroup };
}

const ACTION_LABELS: Record<PendingAction, string> = { publish: 'to publish', unpublish: 'to unpublish', restore: 'to restore', remove: 'to remove', schedule: 'to schedule' };

/** `home-page`: the wheel editor (groups and items, reorder, publish checks, one save), its preview, and the top and messaging settings. */
export default function HomePageRoute() {
  const entries = useHomeEntries();
  return (
    <div className={styles.page}>
      {entries.isPending ? (
        <>
          <PageHeader title="Home page" summary="Curate the storefront home: the wheel’s groups, what leads the page, and the messaging bar." />
          <p role="status" className={styles.muted}>
            Loading the home page…
          </p>
        </>
      ) : entries.isError ? (
        <>
          <PageHeader title="Home page" />
          <div role="alert" className={styles.refused}>
            <p>The home page could not be loaded. {errorMessage(entries.error)}</p>
            <Button variant="secondary" onClick={() => void entries.refetch()}>
              Try again
            </Button>
          </div>
        </>
      ) : (
        <WheelEditor entries={entries.data} />
      )}
    </div>
  );
}

function WheelEditor({ entries }: { entries: HomeEntries }) {
  const queryClient = useQueryClient();
  const stored = useMemo(() => draftFromStored(entries), [entries]);
  const [draft, setDraft] = useState<DraftGroup[]>(stored);
  const [open, setOpen] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ groupKey: string; item: DraftItem; isNew: boolean } | null>(null);
  const [removing, setRemoving] = useState<{ groupKey: string; itemKey?: string } | null>(null);
  const [scheduling, setScheduling] = useState<{ groupKey: string; at: string | null; problem?: string } | null>(null);
  const [refused, setRefused] = useState<Refused | null>(null);
  const [saving, setSaving] = useState(false);
  const [settingsDirty, setSettingsDirty] = useState(false);
  const [messagingDraft, setMessagingDraft] = useState<HomepageMessaging>(entries.messaging);
  const refusedRef = useRef<HTMLDivElement>(null);

  const pending = useMemo(() => pendingChanges(draft, stored), [draft, stored]);
  const guard = useUnsavedChangesGuard(pending.count > 0 || settingsDirty);

  // A new stored version (after a save, or someone else's) replaces the working copy unless staff are mid-edit.
  useEffect(() => {
    if (pending.count === 0) setDraft(stored);
  }, [stored]);

  const update = (key: string, change: (group: DraftGroup) => DraftGroup) => setDraft((groups) => groups.map((group) => (group.key === key ? change(group) : group)));
  const movable = draft.filter((group) => group.id !== undefined && group.status !== 'Removed' && group.action !== 'remove');
  const moveGroup = (from: number, to: number) => {
    const moved = moveInArray(movable, from, to);
    const others = draft.filter((group) => !moved.includes(group));
    setDraft([...moved, ...others]);
  };
  const addGroup = (type: GroupType) => {
    const group = emptyGroup(type);
    setDraft((groups) => [...groups, group]);
    setOpen(group.key);
  };
  const setAction = (group: DraftGroup, action: PendingAction | null, scheduleAt: string | null = null) => update(group.key, (was) => ({ ...was, action, scheduleAt }));

  const save = async () => {
    setSaving(true);
    setRefused(null);
    const wanted = movable.flatMap((group) => (group.id === undefined ? [] : [group.id]));
    try {
      if (Object.keys(pending.save).length > 0) await saveWheel(pending.save);
    } catch (error) {
      setSaving(false);
      setRefused(readWheelRefusal('The wheel was not saved; nothing changed:', error));
      requestAnimationFrame(() => refusedRef.current?.focus());
      return;
    }
    try {
      for (const moves of pending.itemMoves) await reorderWheel(moves);
      if (pending.groupsMoved) {
        const fresh = await getHomeEntries();
        const moves = groupMoves(wanted, fresh.groups);
        if (moves) await reorderWheel(moves);
      }
      toast.success(`The wheel is saved (${pending.count} change${pending.count === 1 ? '' : 's'}).`);
    } catch (error) {
      setRefused(readWheelRefusal('The changes were saved, but the new order was not:', error));
      requestAnimationFrame(() => refusedRef.current?.focus());
    } finally {
      const fresh = await queryClient.fetchQuery({ queryKey: homeEntriesKey, queryFn: ({ signal }) => getHomeEntries({ signal }), staleTime: 0 }).catch(() => undefined);
      if (fresh) setDraft(draftFromStored(fresh));
      for (const group of draft) if (group.id !== undefined) void queryClient.invalidateQueries({ queryKey: ['audit', 'home/entry', String(group.id)] });
      setSaving(false);
    }
  };

  const openGroup = draft.find((group) => group.key === open);
  const previewGroup = openGroup ?? draft.find((group) => group.status === 'Published') ?? draft[0];
  const editingGroup = editing ? draft.find((group) => group.key === editing.groupKey) : undefined;
  const removingGroup = removing ? draft.find((group) => group.key === removing.groupKey) : undefined;
  const removingItem = removing?.itemKey ? removingGroup?.items.find((item) => item.key === removing.itemKey) : undefined;

  const groupRow = (group: DraftGroup, index: number, count: number, sortable: boolean) => {
    const expanded = open === group.key;
    const name = group.name.trim() || 'Unnamed group';
    const panelId = `wheel-group-panel-${group.key}`;
    const targets = [group.isForWebsite && 'Website', group.isForSteam && 'Steam', group.isForNintendoSwitch && 'Switch'].filter(Boolean).join(', ') || 'No platform';
    const canPublish = group.id !== undefined && ['Draft', 'Scheduled', 'ScheduledPreOrder', 'ScheduledComingSoon'].includes(group.status);
    return (
      <SortableRow key={group.key} id={group.key} disabled={!sortable} className={styles.groupRow}>
        <div className={styles.groupHead}>
          <DragHandle label={`Drag group ${name}`} />
          <div className={styles.groupText}>
            <h3 className={styles.groupName}>
              <button type="button" className={styles.groupToggle} aria-expanded={expanded} aria-controls={panelId} onClick={() => setOpen(expanded ? null : group.key)}>
                {name}
              </button>
            </h3>
            <span className={styles.groupMeta}>
              <span>{group.type ?? 'No type'}</span>
              <span>{targets}</span>
              <span>
                {group.items.length} item{group.items.length === 1 ? '' : 's'}
              </span>
              <StatusBadge status={group.status} />
              {group.status === 'Scheduled' && group.publishDate && <span>publishes {formatDateTime(group.publishDate)}</span>}
              {group.action && <span className={styles.pendingTag}>{ACTION_LABELS[group.action]} on save</span>}
              {group.id === undefined && <span className={styles.pendingTag}>new, not saved</span>}
            </span>
          </div>
          <div className={styles.rowButtons}>
            {sortable && (
              <>
                <Button variant="ghost" size="sm" disabled={index === 0} onClick={() => moveGroup(index, index - 1)} aria-label={`Move group ${name} up`}>
                  Up
                </Button>
                <Button variant="ghost" size="sm" disabled={index === count - 1} onClick={() => moveGroup(index, index + 1)} aria-label={`Move group ${name} down`}>
                  Down
                </Button>
              </>
            )}
            {canPublish && group.action !== 'publish' && (
              <Button variant="secondary" size="sm" onClick={() => setAction(group, 'publish')} aria-label={`Publish group ${name}`}>
                Publish
              </Button>
            )}
            {canPublish && group.action !== 'schedule' && (
              <Button variant="ghost" size="sm" onClick={() => setScheduling({ groupKey: group.key, at: group.publishDate })} aria-label={`Schedule group ${name}…`}>
                Schedule…
              </Button>
            )}
            {group.status === 'Published' && group.action !== 'unpublish' && (
              <Button variant="secondary" size="sm" onClick={() => setAction(group, 'unpublish')} aria-label={`Unpublish group ${name}`}>
                Unpublish
              </Button>
            )}
            {group.status === 'Removed' && group.action !== 'restore' && (
              <Button variant="secondary" size="sm" onClick={() => setAction(group, 'restore')} aria-label={`Restore group ${name}`}>
                Restore
              </Button>
            )}
            {group.action && (
              <Button variant="ghost" size="sm" onClick={() => setAction(group, null)} aria-label={`Undo ${group.action} of group ${name}`}>
                Undo {group.action}
              </Button>
            )}
            {group.status !== 'Removed' && group.action !== 'remove' && (
              <Button variant="ghost" size="sm" onClick={() => setRemoving({ groupKey: group.key })} aria-label={`Remove group ${name}`}>
                Remove
              </Button>
            )}
          </div>
        </div>
        {expanded && (
          <div id={panelId}>
            <GroupPanel
              group={group}
              onChange={(next) => update(group.key, () => next)}
              onEditItem={(item, isNew) => setEditing({ groupKey: group.key, item, isNew })}
              onRemoveItem={(item) => setRemoving({ groupKey: group.key, itemKey: item.key })}
              refused={group.id !== undefined ? (refused?.byGroup.get(group.id) ?? []) : []}
            />
          </div>
        )}
      </SortableRow>
    );
  };

  const unmovable = draft.filter((group) => !movable.includes(group));

  return (
    <>
      {guard.dialog}
      <PageHeader
        title="Home page"
        summary="Curate the storefront home: the wheel’s groups, what leads the page, and the messaging bar. Wheel changes are collected and saved in one step."
        actions={
          <>
            <Button variant="secondary" onClick={() => addGroup('Thumbnail')}>
              Add Thumbnail group
            </Button>
            <Button variant="secondary" onClick={() => addGroup('Banner')}>
              Add Banner group
            </Button>
          </>
        }
      />

      {refused && (
        <div ref={refusedRef} tabIndex={-1} className={styles.refused} role="alert" aria-labelledby="wheel-refused-title">
          <p id="wheel-refused-title" className={styles.refusedTitle}>
            {refused.title}
          </p>
          <ul>
            {refused.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}

      <section className={pending.count > 0 ? `${styles.pendingBar} ${styles.pendingSticky}` : styles.pendingBar} aria-labelledby="wheel-pending-title">
        <div>
          <h2 id="wheel-pending-title" className={styles.pendingTitle} aria-live="polite">
            {pending.count === 0 ? 'No unsaved wheel changes' : `${pending.count} unsaved wheel change${pending.count === 1 ? '' : 's'}`}
          </h2>
          {pending.count > 0 && (
            <ul className={styles.pendingList}>
              {pending.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
        <div className={styles.inline}>
          {pending.count > 0 && (
            <Button
              variant="ghost"
              disabled={saving}
              onClick={() => {
                setDraft(stored);
                setRefused(null);
              }}
            >
              Discard changes
            </Button>
          )}
          <Button disabled={saving || pending.count === 0} aria-busy={saving} onClick={() => void save()}>
            {saving ? 'Saving…' : 'Save wheel'}
          </Button>
        </div>
      </section>

      <div className={styles.columns}>
        <section className={styles.card} aria-labelledby="wheel-groups-title">
          <h2 id="wheel-groups-title" className={styles.cardTitle}>
            Wheel groups
          </h2>
          {draft.length === 0 ? (
            <div className={styles.empty}>
              <p className={styles.emptyTitle}>No wheel groups yet</p>
              <p className={styles.muted}>Add a Thumbnail or a Banner group; it appears on the storefront home once published.</p>
            </div>
          ) : (
            <>
              <p className={styles.muted}>In the order the storefront shows them. Drag a group by its handle, or focus the handle and press Space, then the arrow keys.</p>
              {movable.length > 0 && (
                <SortableList items={movable} keyOf={(group) => group.key} nameOf={(group) => `group “${group.name.trim() || 'Unnamed group'}”`} onMove={moveGroup} label="wheel groups" className={styles.groupList} onDragStart={() => setOpen(null)}>
                  {(group, index) => groupRow(group, index, movable.length, true)}
                </SortableList>
              )}
              {unmovable.length > 0 && (
                <>
                  <h3 className={styles.subTitle}>New and removed groups</h3>
                  <SortableList items={unmovable} keyOf={(group) => group.key} nameOf={(group) => group.name} onMove={() => undefined} label="new and removed groups" className={styles.groupList}>
                    {(group, index) => groupRow(group, index, unmovable.length, false)}
                  </SortableList>
                </>
              )}
            </>
          )}
        </section>

        <div className={styles.side}>
          <HeroPreview group={previewGroup} messaging={messagingDraft} />
          <HomeSettings topTypeId={entries.topTypeId} messaging={entries.messaging} onDirtyChange={setSettingsDirty} onMessagingDraft={setMessagingDraft} />
        </div>
      </div>

      <ItemDialog
        item={editing?.item ?? null}
        groupType={editingGroup?.type ?? null}
        groupName={editingGroup?.name ?? ''}
        isNew={editing?.isNew ?? false}
        count={(editingGroup?.items.length ?? 0) + (editing?.isNew ? 1 : 0)}
        onClose={() => setEditing(null)}
        onDone={(item) => {
          if (!editing) return;
          update(editing.groupKey, (group) => {
            const others = group.items.filter((candidate) => candidate.key !== item.key);
            const at = Math.max(0, Math.min(item.ordinal ?? others.length, others.length));
            return { ...group, items: renumber([...others.slice(0, at), item, ...others.slice(at)]) };
          });
          setEditing(null);
        }}
      />

      <FormDialog
        isOpen={scheduling !== null}
        onOpenChange={(isOpen) => !isOpen && setScheduling(null)}
        title="Schedule this group"
        submitLabel="Schedule on save"
        problem={scheduling?.problem}
        onSubmit={(event) => {
          event.preventDefault();
          const group = draft.find((candidate) => candidate.key === scheduling?.groupKey);
          if (!scheduling || !group) return;
          if (!scheduling.at || new Date(scheduling.at).getTime() <= Date.now()) {
            setScheduling({ ...scheduling, problem: 'Choose a publish date and time in the future.' });
            return;
          }
          setAction(group, 'schedule', scheduling.at);
          setScheduling(null);
        }}
      >
        <DatePickerField
          label="Publish date"
          granularity="minute"
          isFutureOnly
          isRequired
          value={scheduling?.at ?? null}
          onChange={(at) => setScheduling((was) => (was ? { ...was, at } : was))}
          description="In your time zone. The group publishes by itself then, if it passes the publish checks."
        />
      </FormDialog>

      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(isOpen) => !isOpen && setRemoving(null)}
        title={removingItem ? 'Remove this item?' : 'Remove this group?'}
        confirmLabel={removingItem ? 'Remove item' : 'Remove group'}
        isDestructive
        onConfirm={() => {
          if (!removing || !removingGroup) return;
          if (removingItem) update(removingGroup.key, (group) => ({ ...group, items: renumber(group.items.filter((item) => item.key !== removingItem.key)) }));
          else if (removingGroup.id === undefined) setDraft((groups) => groups.filter((group) => group.key !== removingGroup.key));
          else setAction(removingGroup, 'remove');
          setRemoving(null);
        }}
      >
        <p>
          {removingItem
            ? `The item leaves ${removingGroup?.name.trim() || 'the group'} when the wheel is saved.`
            : removingGroup?.id === undefined
              ? 'The new group is dropped; it was never saved.'
              : `${removingGroup?.name.trim() || 'The group'} leaves the storefront when the wheel is saved. It can be restored later.`}
        </p>
      </ConfirmDialog>
    </>
  );
}
