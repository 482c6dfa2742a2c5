import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@inkwell/ui-kit/button';
import { NumberField, TextField } from '@/components/form';
import styles from '@/components/editor/editor.module.css';
import type { ProductFormValues } from '../product-form';

/** External links, asset link groups and, for volumes, the chapters inside (spec §3: a chapter's relative name may be empty). */
export function LinksSection() {
  const { control } = useFormContext<ProductFormValues>();
  const links = useFieldArray({ control, name: 'externalLinks' });
  const chapters = useFieldArray({ control, name: 'chapters' });
  const groups = useFieldArray({ control, name: 'assetLinkGroups' });

  return (
    <section className={styles.section} aria-labelledby="links-title">
      <div className={styles.sectionHeader}>
        <h2 id="links-title" className={styles.sectionTitle}>
          Links, assets and chapters
        </h2>
      </div>
      <div className={styles.sectionHeader}>
        <h3 className={styles.subsectionTitle}>External links</h3>
        <Button variant="secondary" size="sm" onClick={() => links.append({ name: '', url: '' })}>
          Add link
        </Button>
      </div>
      <ul className={styles.rows}>
        {links.fields.map((link, index) => (
          <li key={link.id} className={styles.row}>
            <Controller
              control={control}
              name={`externalLinks.${index}.name`}
              render={({ field }) => <TextField label={`Link ${index + 1} name`} {...field} />}
            />
            <Controller
              control={control}
              name={`externalLinks.${index}.url`}
              rules={{ validate: (value) => /^https?:\/\/\S+$/.test(value.trim()) || 'Enter an address starting with https://.' }}
              render={({ field, fieldState }) => <TextField label={`Link ${index + 1} address`} type="url" isRequired {...field} error={fieldState.error?.message} />}
            />
            <div className={styles.rowActions}>
              <Button variant="ghost" size="sm" onClick={() => links.remove(index)} aria-label={`Remove link ${index + 1}`}>
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <div className={styles.sectionHeader}>
        <h3 className={styles.subsectionTitle}>Asset links (staff only)</h3>
        <Button variant="secondary" size="sm" onClick={() => groups.append({ name: '', links: [{ name: '', url: '' }] })}>
          Add group
        </Button>
      </div>
      <ul className={styles.rows}>
        {groups.fields.map((group, index) => (
          <li key={group.id} className={styles.note}>
            <AssetLinkGroup index={index} onRemove={() => groups.remove(index)} />
          </li>
        ))}
      </ul>
      <div className={styles.sectionHeader}>
        <h3 className={styles.subsectionTitle}>Chapters</h3>
        <Button variant="secondary" size="sm" onClick={() => chapters.append({ name: '', relativeName: '', startPage: null })}>
          Add chapter
        </Button>
      </div>
      <ol className={styles.rows}>
        {chapters.fields.map((chapter, index) => (
          <li key={chapter.id} className={styles.row}>
            <Controller
              control={control}
              name={`chapters.${index}.name`}
              rules={{ validate: (value) => value.trim() !== '' || 'Enter the chapter’s name.' }}
              render={({ field, fieldState }) => <TextField label={`Chapter ${index + 1} name`} isRequired {...field} error={fieldState.error?.message} />}
            />
            <Controller
              control={control}
              name={`chapters.${index}.relativeName`}
              render={({ field }) => <TextField label={`Chapter ${index + 1} relative name`} {...field} />}
            />
            <Controller
              control={control}
              name={`chapters.${index}.startPage`}
              render={({ field }) => (
                <NumberField label={`Chapter ${index + 1} start page`} minValue={0} formatOptions={{ maximumFractionDigits: 0 }} {...field} />
              )}
            />
            <div className={styles.rowActions}>
              <Button variant="ghost" size="sm" onClick={() => chapters.remove(index)} aria-label={`Remove chapter ${index + 1}`}>
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** One named group of asset links, with its own list of links. */
function AssetLinkGroup({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { control } = useFormContext<ProductFormValues>();
  const links = useFieldArray({ control, name: `assetLinkGroups.${index}.links` });
  const group = `Group ${index + 1}`;
  return (
    <>
      <div className={styles.row}>
        <Controller control={control} name={`assetLinkGroups.${index}.name`} render={({ field }) => <TextField label={`${group} name`} placeholder="Print files" {...field} />} />
        <div className={styles.rowActions}>
          <Button variant="ghost" size="sm" onClick={() => links.append({ name: '', url: '' })}>
            Add link to {group.toLowerCase()}
          </Button>
          <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${group.toLowerCase()}`}>
            Remove group
          </Button>
        </div>
      </div>
      {links.fields.map((link, linkIndex) => (
        <div key={link.id} className={styles.row}>
          <Controller
            control={control}
            name={`assetLinkGroups.${index}.links.${linkIndex}.name`}
            render={({ field }) => <TextField label={`${group} link ${linkIndex + 1} name`} {...field} />}
          />
          <Controller
            control={control}
            name={`assetLinkGroups.${index}.links.${linkIndex}.url`}
            rules={{ validate: (value) => /^https?:\/\/\S+$/.test(value.trim()) || 'Enter an address starting with https://.' }}
            render={({ field, fieldState }) => (
              <TextField label={`${group} link ${linkIndex + 1} address`} type="url" isRequired {...field} error={fieldState.error?.message} />
            )}
          />
          <div className={styles.rowActions}>
            <Button variant="ghost" size="sm" onClick={() => links.remove(linkIndex)} aria-label={`Remove ${group.toLowerCase()} link ${linkIndex + 1}`}>
              Remove
            </Button>
          </div>
        </div>
      ))}
    </>
  );
}
