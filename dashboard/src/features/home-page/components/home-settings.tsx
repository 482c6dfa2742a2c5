import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { HOMEPAGE_TOP_TYPES, HomepageMessagingSchema, type HomepageMessaging } from '@inkwell/contracts/dashboard-merchandising';
import { Button } from '@inkwell/ui-kit/button';
import { SwitchField, SelectField, TextField } from '@/components/form';
import { toast } from '@/components/feedback/toast';
import { refusalMessages } from '@/lib/refusal';
import { homeEntriesKey, setMessaging, setTopType } from '../api/home-api';
import styles from './home-page.module.css';

const TOP_OPTIONS = Object.entries(HOMEPAGE_TOP_TYPES).map(([id, label]) => ({ id: Number(id) as 0 | 1, label: `${label} groups first` }));
const TEXT_MAX = HomepageMessagingSchema.properties.text.maxLength ?? 280;

/** A link staff may put in the bar: a storefront path or an https address. */
function linkProblem(url: string): string | undefined {
  const value = url.trim();
  if (value === '') return undefined;
  return value.startsWith('/') || /^https:\/\/\S+$/.test(value) ? undefined : 'Enter a storefront path (/browse…) or an https:// address.';
}

interface HomeSettingsProps {
  topTypeId: number;
  messaging: HomepageMessaging;
  onDirtyChange: (dirty: boolean) => void;
  onMessagingDraft: (messaging: HomepageMessaging) => void;
}

/** The top type (`/homepage/top?typeId`) and the messaging bar (`/homepage/messaging/set`), each saved on its own. */
export function HomeSettings({ topTypeId, messaging, onDirtyChange, onMessagingDraft }: HomeSettingsProps) {
  const queryClient = useQueryClient();
  const [top, setTop] = useState<0 | 1>(topTypeId === 1 ? 1 : 0);
  const [bar, setBar] = useState<HomepageMessaging>(messaging);
  const [busy, setBusy] = useState<'top' | 'bar' | null>(null);
  const [problem, setProblem] = useState<{ top?: string; bar?: string }>({});
  const [tried, setTried] = useState(false);

  useEffect(() => setTop(topTypeId === 1 ? 1 : 0), [topTypeId]);
  // A stored bar read again (after any save on the page) replaces the form only when it changed.
  const storedBar = JSON.stringify(messaging);
  useEffect(() => setBar(messaging), [storedBar]);
  const barDirty = JSON.stringify(bar) !== JSON.stringify(messaging);
  const topDirty = top !== topTypeId;
  useEffect(() => onDirtyChange(barDirty || topDirty), [barDirty, topDirty]);
  useEffect(() => onMessagingDraft(bar), [bar]);

  const textProblem = bar.enabled && bar.text.trim() === '' ? 'Write the message the bar shows, or switch the bar off.' : undefined;
  const linkTextProblem = (bar.linkUrl ?? '').trim() !== '' && (bar.linkText ?? '').trim() === '' ? 'A link needs its text.' : undefined;
  const urlProblem = linkProblem(bar.linkUrl ?? '') ?? ((bar.linkText ?? '').trim() !== '' && (bar.linkUrl ?? '').trim() === '' ? 'The link text needs a link.' : undefined);

  const saveTop = async () => {
    setBusy('top');
    setProblem((was) => ({ ...was, top: undefined }));
    try {
      await setTopType(top);
      await queryClient.invalidateQueries({ queryKey: homeEntriesKey });
      toast.success(`The home page now leads with ${HOMEPAGE_TOP_TYPES[top]} groups.`);
    } catch (error) {
      setProblem((was) => ({ ...was, top: refusalMessages(error).join(' ') }));
    } finally {
      setBusy(null);
    }
  };

  const saveBar = async () => {
    setTried(true);
    if (textProblem || linkTextProblem || urlProblem) return;
    setBusy('bar');
    setProblem((was) => ({ ...was, bar: undefined }));
    try {
      const body: HomepageMessaging = {
        enabled: bar.enabled,
        text: bar.text.trim(),
        linkText: (bar.linkText ?? '').trim() || null,
        linkUrl: (bar.linkUrl ?? '').trim() || null,
      };
      await setMessaging(body);
      await queryClient.invalidateQueries({ queryKey: homeEntriesKey });
      setTried(false);
      toast.success(body.enabled ? 'The messaging bar is saved and shown.' : 'The messaging bar is saved and switched off.');
    } catch (error) {
      setProblem((was) => ({ ...was, bar: refusalMessages(error).join(' ') }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="home-settings-title">
      <h2 id="home-settings-title" className={styles.cardTitle}>
        Settings
      </h2>
      <form
        className={styles.settingsRow}
        aria-label="Top of the home page"
        onSubmit={(event) => {
          event.preventDefault();
          void saveTop();
        }}
      >
        <SelectField<0 | 1>
          label="What leads the home page"
          options={TOP_OPTIONS}
          value={top}
          onChange={(next) => next !== null && setTop(next)}
          error={problem.top}
        />
        <Button type="submit" variant="secondary" disabled={busy !== null || !topDirty} aria-busy={busy === 'top'}>
          {busy === 'top' ? 'Saving…' : 'Save top'}
        </Button>
      </form>

      <form
        className={styles.settingsForm}
        aria-label="Messaging bar"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void saveBar();
        }}
      >
        <h3 className={styles.subTitle}>Messaging bar</h3>
        <SwitchField label="Show the messaging bar above the home page" value={bar.enabled} onChange={(enabled) => setBar((was) => ({ ...was, enabled }))} />
        <TextField
          label="Message"
          value={bar.text}
          maxLength={TEXT_MAX}
          description={`${bar.text.length} of ${TEXT_MAX} characters.`}
          onChange={(text) => setBar((was) => ({ ...was, text }))}
          error={tried ? textProblem : undefined}
        />
        <div className={styles.pair}>
          <TextField label="Link text" value={bar.linkText ?? ''} maxLength={60} onChange={(linkText) => setBar((was) => ({ ...was, linkText }))} error={tried ? linkTextProblem : undefined} />
          <TextField label="Link URL" type="url" value={bar.linkUrl ?? ''} maxLength={2000} onChange={(linkUrl) => setBar((was) => ({ ...was, linkUrl }))} error={tried ? urlProblem : undefined} />
        </div>
        <div className={styles.barPreview} aria-label="Messaging bar preview" role="group">
          {bar.enabled && bar.text.trim() ? (
            <p className={styles.messageBar}>
              {bar.text.trim()} {(bar.linkText ?? '').trim() && <u>{bar.linkText}</u>}
            </p>
          ) : (
            <p className={styles.muted}>The bar is off: the storefront shows no message.</p>
          )}
        </div>
        {problem.bar && (
          <p role="alert" className={styles.fieldError}>
            {problem.bar}
          </p>
        )}
        <div className={styles.inline}>
          {barDirty && (
            <Button variant="ghost" onClick={() => setBar(messaging)} disabled={busy !== null}>
              Discard
            </Button>
          )}
          <Button type="submit" disabled={busy !== null || !barDirty} aria-busy={busy === 'bar'}>
            {busy === 'bar' ? 'Saving…' : 'Save messaging bar'}
          </Button>
        </div>
      </form>
    </section>
  );
}
