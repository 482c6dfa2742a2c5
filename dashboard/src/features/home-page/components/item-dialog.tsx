import { useEffect, useState } from 'react';
import { AGE_RATING_CODES } from '@inkwell/contracts/dashboard-catalogue';
import { WHEEL_ACTION_TYPES, WHEEL_ITEM_TYPES } from '@inkwell/contracts/dashboard-merchandising';
import { FormDialog } from '@/components/dialog/form-dialog';
import { CheckboxField, ComboBoxField, NumberField, SelectField, TextField } from '@/components/form';
import { loadProductOptions, loadSeriesOptions } from '../api/home-api';
import { itemProblems, type DraftItem, type GroupType } from '../wheel-draft';
import { ImagePicker } from './image-picker';
import styles from './home-page.module.css';

const RATING_OPTIONS = AGE_RATING_CODES.map((code) => ({ id: code, label: code.toUpperCase() }));
const ITEM_TYPE_OPTIONS = WHEEL_ITEM_TYPES.map((type) => ({ id: type, label: type }));
const ACTION_OPTIONS = WHEEL_ACTION_TYPES.map((type) => ({ id: type, label: type }));

interface ItemDialogProps {
  /** The item edited, or null when the dialog is closed. */
  item: DraftItem | null;
  groupType: GroupType | null;
  groupName: string;
  isNew: boolean;
  /** How many items the group has (the ordinal's upper bound). */
  count: number;
  onClose: () => void;
  onDone: (item: DraftItem) => void;
}

/**
 * Adds or edits one wheel item, with the fields §3 gives its group and item type: a Thumbnail
 * image has a subtitle and a product or series; a Thumbnail video a video id, action, button text,
 * tagline and the product or series the action opens; a Banner a series and a thumbnail. The
 * change joins the pending changes; nothing is sent until the wheel is saved.
 */
export function ItemDialog({ item, groupType, groupName, isNew, count, onClose, onDone }: ItemDialogProps) {
  const [draft, setDraft] = useState<DraftItem | null>(item);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    setDraft(item);
    setTried(false);
  }, [item]);

  const set = <K extends keyof DraftItem>(key: K, value: DraftItem[K]) => setDraft((was) => (was ? { ...was, [key]: value } : was));
  const problems = draft ? itemProblems(draft, groupType) : [];
  const problemAt = (field: string) => (tried ? problems.find((problem) => problem.field === field)?.message : undefined);
  const video = groupType === 'Thumbnail' && draft?.type === 'Video';
  const banner = groupType === 'Banner';

  return (
    <FormDialog
      isOpen={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`${isNew ? 'Add an item to' : 'Edit an item of'} ${groupName.trim() || 'the group'}`}
      submitLabel={isNew ? 'Add item' : 'Done'}
      size="wide"
      problem={tried && problems.length > 0 ? 'Some fields are still missing; the item can be kept, but the group cannot be published until they are filled.' : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        if (!draft) return;
        if (!tried && problems.length > 0 && draft.enabled) {
          setTried(true);
          return;
        }
        onDone(draft);
      }}
    >
      {draft && (
        <div className={styles.itemFields}>
          {!banner && (
            <SelectField label="Item type" options={ITEM_TYPE_OPTIONS} value={draft.type} onChange={(next) => next && set('type', next)} />
          )}
          <CheckboxField label="Enabled" description="Only enabled items show on the storefront." value={draft.enabled} onChange={(next) => set('enabled', next)} />
          <NumberField
            label="Ordinal (position in the group)"
            minValue={0}
            maxValue={Math.max(0, count - 1)}
            formatOptions={{ maximumFractionDigits: 0 }}
            value={draft.ordinal}
            onChange={(next) => set('ordinal', next)}
            error={problemAt('ordinal')}
          />
          <SelectField
            label="Display up to age rating"
            description="Visitors who may see up to this rating see the item; it is raised to the item's own rating when lower."
            options={RATING_OPTIONS}
            value={draft.displayUpToAgeRating}
            onChange={(next) => set('displayUpToAgeRating', next)}
            error={problemAt('displayUpToAgeRating')}
          />
          {groupType === 'Thumbnail' && draft.type === 'Image' && (
            <TextField label="Subtitle" isRequired value={draft.subtitle} maxLength={300} onChange={(next) => set('subtitle', next)} error={problemAt('subtitle')} className={styles.wideField} />
          )}
          {video && (
            <>
              <TextField label="Video id" isRequired value={draft.videoId} maxLength={200} onChange={(next) => set('videoId', next)} error={problemAt('videoId')} />
              <SelectField label="Action type" isRequired options={ACTION_OPTIONS} value={draft.actionType} onChange={(next) => set('actionType', next)} error={problemAt('actionType')} />
              <TextField label="Button text" isRequired value={draft.buttonText} maxLength={100} onChange={(next) => set('buttonText', next)} error={problemAt('buttonText')} />
              <TextField label="Tagline" isRequired value={draft.tagline} maxLength={300} onChange={(next) => set('tagline', next)} error={problemAt('tagline')} className={styles.wideField} />
              <CheckboxField label="Play automatically" value={draft.autoPlay} onChange={(next) => set('autoPlay', next)} />
              <CheckboxField label="Start muted" value={draft.muted} onChange={(next) => set('muted', next)} />
            </>
          )}
          {!banner && (
            <ComboBoxField<number>
              label="Product"
              description={video ? 'What a Reader or Product action opens.' : 'The product the image leads to (or choose a series).'}
              loadOptions={loadProductOptions}
              queryKey={['home-page', 'product-options']}
              value={draft.productId}
              selectedLabel={draft.productName ?? undefined}
              onChange={(id, option) => setDraft((was) => (was ? { ...was, productId: id, productName: option?.label ?? null, metaData: { ...was.metaData, known: false } } : was))}
              error={problemAt('productId')}
            />
          )}
          <ComboBoxField<number>
            label="Series"
            isRequired={banner}
            description={banner ? 'The series the banner leads to.' : video ? 'What a Series action opens.' : undefined}
            loadOptions={loadSeriesOptions}
            queryKey={['home-page', 'series-options']}
            value={draft.seriesId}
            selectedLabel={draft.seriesName ?? undefined}
            onChange={(id, option) => setDraft((was) => (was ? { ...was, seriesId: id, seriesName: option?.label ?? null, metaData: { ...was.metaData, known: false } } : was))}
            error={problemAt('seriesId')}
          />
          <div className={styles.wideField}>
            <ImagePicker value={draft.thumbnail} onChange={(image) => set('thumbnail', image)} error={problemAt('thumbnail')} />
          </div>
        </div>
      )}
    </FormDialog>
  );
}
