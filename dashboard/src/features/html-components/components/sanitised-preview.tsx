import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HtmlComponentInput } from '@inkwell/contracts/dashboard-merchandising';
import { Button } from '@inkwell/ui-kit/button';
import editor from '@/components/editor/editor.module.css';
import { refusalMessages } from '@/lib/refusal';
import { DEFAULT_DEBOUNCE_MS, useDebouncedValue } from '@/lib/use-debounced-value';
import { htmlComponentsQueryKey, previewHtmlComponent } from '../api/html-components';
import styles from './html-components.module.css';

type Style = HtmlComponentInput['style'];

/** How the storefront frames each style, near enough to judge the content by. */
const FRAMES: Record<Style, string> = {
  Plain: '',
  Callout: 'border-left: 4px solid #2e63e6; background: #eef3ff; padding: 1rem 1.25rem; border-radius: 10px;',
  Banner: 'background: #151936; color: #fff; padding: 1.5rem; border-radius: 14px; text-align: center;',
};

/**
 * The document the preview frame shows: the sanitised content in the style's frame. The frame is
 * sandboxed with nothing allowed (no scripts, no forms, no navigation of this page, an origin of
 * its own), and its own policy allows no script either: what it shows is only ever looked at.
 */
export function previewDocument(content: string, style: Style): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'none'; img-src https: data:; style-src 'unsafe-inline'; frame-src https://www.youtube-nocookie.com https://player.vimeo.com"><style>body{margin:0;padding:1rem;font:15px/1.5 system-ui,sans-serif;color:#17192c}a{color:inherit}img,iframe{max-width:100%}.frame{${FRAMES[style]}}</style></head><body><div class="frame">${content}</div></body></html>`;
}

interface SanitisedPreviewProps {
  style: Style;
  content: string;
}

/** What the storefront would show, as the catalog sanitises it (`POST /dashboard/html-components/preview`, debounced), and what was taken out. */
export function SanitisedPreview({ style, content }: SanitisedPreviewProps) {
  const debounced = useDebouncedValue(content, DEFAULT_DEBOUNCE_MS);
  const preview = useQuery({
    queryKey: [...htmlComponentsQueryKey, 'preview', debounced],
    queryFn: ({ signal }) => previewHtmlComponent(debounced, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });

  return (
    <section className={editor.section} aria-labelledby="html-preview-title" aria-busy={preview.isFetching || undefined}>
      <h2 id="html-preview-title" className={editor.sectionTitle}>
        Sanitised preview
      </h2>
      <p className={editor.sectionNote}>The content as it will be saved and shown: scripts, event handlers and unsafe links are taken out.</p>
      {preview.isPending ? (
        <p className={styles.state} role="status">
          Loading the preview…
        </p>
      ) : preview.isError ? (
        <div role="alert">
          <p className={styles.error}>The preview did not load: {refusalMessages(preview.error).join(' ')}</p>
          <Button size="sm" variant="secondary" onClick={() => void preview.refetch()} disabled={preview.isFetching}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <iframe className={styles.frame} title="Sanitised preview" sandbox="" srcDoc={previewDocument(preview.data.content, style)} referrerPolicy="no-referrer" />
          <div className={editor.subsection}>
            <h3 className={editor.subsectionTitle} id="html-removed-title">
              Removed by the sanitiser
            </h3>
            {preview.data.removed.length === 0 ? (
              <p className={styles.state}>Nothing was removed.</p>
            ) : (
              <ul className={styles.removed} aria-labelledby="html-removed-title">
                {preview.data.removed.map((item, index) => (
                  <li key={`${index}-${item}`}>{item}</li>
                ))}
              </ul>
            )}
          </div>
          <details>
            <summary>Sanitised HTML</summary>
            <pre className={styles.sanitised}>
              {preview.data.content}
            </pre>
          </details>
        </>
      )}
    </section>
  );
}
