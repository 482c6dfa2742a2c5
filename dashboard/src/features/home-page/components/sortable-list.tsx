/**
 * A list whose rows move by drag and drop, with the pointer or the keyboard (@dnd-kit: focus a
 * row's handle, Space to lift, arrows to move, Space to drop, Escape to cancel), each move
 * announced; rows also carry Move up / Move down buttons of their own.
 */
import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { DndContext, KeyboardSensor, MeasuringStrategy, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import styles from './home-page.module.css';

interface SortableListProps<T> {
  items: readonly T[];
  keyOf: (item: T) => string;
  /** How a row is read out in the announcements ("group “Spring”"). */
  nameOf: (item: T) => string;
  onMove: (from: number, to: number) => void;
  /** What the list is, for the screen reader's instructions ("wheel groups"). */
  label: string;
  children: (item: T, index: number) => ReactNode;
  className?: string;
  /** Called as a row is lifted (the wheel closes an open group, so every row is its short self while moving). */
  onDragStart?: () => void;
}

type Handle = { attributes: Record<string, unknown>; listeners: Record<string, unknown> | undefined; disabled: boolean };
const HandleContext = createContext<Handle | null>(null);

export function SortableList<T>({ items, keyOf, nameOf, onMove, label, children, className, onDragStart }: SortableListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(keyOf);
  const find = (id: string | number) => items.find((item) => keyOf(item) === String(id));
  const position = (id: string | number) => ids.indexOf(String(id)) + 1;
  const named = (id: string | number) => {
    const item = find(id);
    return item ? nameOf(item) : 'the row';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${named(active.id)}, position ${position(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) => (over ? `${named(active.id)} is over position ${position(over.id)} of ${ids.length}.` : `${named(active.id)} is no longer over the list.`),
    onDragEnd: ({ active, over }) => (over ? `${named(active.id)} dropped at position ${position(over.id)} of ${ids.length}.` : `${named(active.id)} dropped where it was.`),
    onDragCancel: ({ active }) => `Moving ${named(active.id)} was cancelled; it stays at position ${position(active.id)}.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      // Rows change height while one moves (an open group closes): measure them as they are.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: `To move a row of ${label}, press Space to pick it up, the Up and Down arrow keys to move it, Space again to drop it, or Escape to cancel.`,
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className={className}>{items.map((item, index) => children(item, index))}</ol>
      </SortableContext>
    </DndContext>
  );
}

/** A row of a SortableList; its DragHandle is what lifts it. */
export function SortableRow({ id, disabled = false, className, children }: { id: string; disabled?: boolean; className?: string; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition, zIndex: isDragging ? 2 : undefined, position: 'relative' };
  return (
    <li ref={setNodeRef} style={style} className={className} data-dragging={isDragging || undefined}>
      <HandleContext.Provider value={{ attributes: attributes as unknown as Record<string, unknown>, listeners, disabled }}>{children}</HandleContext.Provider>
    </li>
  );
}

/** The grip that lifts its row (a button: Space or Enter lifts it from the keyboard). */
export function DragHandle({ label }: { label: string }) {
  const handle = useContext(HandleContext);
  if (!handle || handle.disabled) return <span className={styles.handleSpace} aria-hidden="true" />;
  return (
    <button type="button" className={styles.handle} {...handle.attributes} {...handle.listeners} aria-label={label}>
      <svg width="14" height="20" viewBox="0 0 14 20" aria-hidden="true" focusable="false">
        {[3, 10, 17].map((y) => (
          <g key={y}>
            <circle cx="4" cy={y} r="1.6" fill="currentColor" />
            <circle cx="10" cy={y} r="1.6" fill="currentColor" />
          </g>
        ))}
      </svg>
    </button>
  );
}
