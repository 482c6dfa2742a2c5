import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BANNER_UPLOAD_LIMITS, type ImageAsset } from '@inkwell/contracts/dashboard-merchandising';
import { Button } from '@inkwell/ui-kit/button';
import { SearchField } from '@/components/form';
import { ProgressBar } from '@/components/feedback/progress-bar';
import { useDebouncedValue, SEARCH_DEBOUNCE_MS } from '@/lib/use-debounced-value';
import { errorMessage } from '@/lib/staff-api';
import { homeImagesKey, useHomeImages } from '../api/home-api';
import { bannerFileProblem, uploadBanner } from '../api/upload-banner';
import styles from './home-page.module.css';

interface ImagePickerProps {
  value: ImageAsset | null;
  onChange: (image: ImageAsset | null) => void;
  /** Shown under the picker when the item needs an image and has none. */
  error?: string | undefined;
}

/**
 * An item's thumbnail: chosen among the catalogue's covers and the banners already uploaded
 * (`GET /dashboard/home/images`), or a new banner uploaded with its progress shown.
 */
export function ImagePicker({ value, onChange, error }: ImagePickerProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const images = useHomeImages(open ? search : '');
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const fileId = useId();

  const upload = async (file: File) => {
    setUploadProblem(null);
    const problem = bannerFileProblem(file);
    if (problem) {
      setUploadProblem(problem);
      return;
    }
    setProgress(0);
    try {
      const asset = await uploadBanner(file, ({ loaded, total }) => setProgress(Math.round((loaded / Math.max(total, 1)) * 100)));
      onChange(asset);
      setOpen(false);
      // The new banner is one of the choices from now on.
      void queryClient.invalidateQueries({ queryKey: homeImagesKey });
    } catch (caught) {
      setUploadProblem(errorMessage(caught));
    } finally {
      setProgress(null);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <div className={styles.picker}>
      <span className={styles.pickerLabel}>Thumbnail</span>
      <div className={styles.pickerCurrent}>
        {value ? (
          <img src={value.url} alt="The chosen thumbnail" className={styles.pickerImage} />
        ) : (
          <span className={styles.pickerNone}>No image chosen</span>
        )}
        <div className={styles.pickerButtons}>
          <Button variant="secondary" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((was) => !was)}>
            {open ? 'Close images' : value ? 'Change image' : 'Choose image'}
          </Button>
          {value && (
            <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
              Clear image
            </Button>
          )}
        </div>
      </div>
      {error && !value && <p className={styles.fieldError}>{error}</p>}
      {open && (
        <div id={panelId} className={styles.pickerPanel}>
          <SearchField label="Search covers and banners" showLabel value={query} onChange={setQuery} placeholder="Series, product or file name" />
          {images.isPending ? (
            <p role="status" className={styles.muted}>
              Loading images…
            </p>
          ) : images.isError ? (
            <p role="alert" className={styles.fieldError}>
              The images could not be loaded. {errorMessage(images.error)}
            </p>
          ) : images.data.length === 0 ? (
            <p className={styles.muted}>No covers or banners match.</p>
          ) : (
            <ul className={styles.imageGrid} aria-label="Covers and banners">
              {images.data.map((choice) => (
                <li key={`${choice.source}-${choice.image.url}`}>
                  <button
                    type="button"
                    className={styles.imageChoice}
                    aria-pressed={value?.url === choice.image.url}
                    onClick={() => {
                      onChange(choice.image);
                      setOpen(false);
                    }}
                  >
                    <img src={choice.image.url} alt="" loading="lazy" />
                    <span>
                      {choice.label}
                      <span className={styles.muted}> · {choice.source === 'cover' ? 'cover' : 'banner'}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className={styles.upload}>
            <label htmlFor={fileId} className={styles.pickerLabel}>
              Upload a banner
            </label>
            <input
              ref={fileRef}
              id={fileId}
              type="file"
              accept={BANNER_UPLOAD_LIMITS.types.join(',')}
              aria-describedby={`${fileId}-help`}
              disabled={progress !== null}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                if (file) void upload(file);
              }}
            />
            <span id={`${fileId}-help`} className={styles.muted}>
              PNG, JPEG or WebP, up to {BANNER_UPLOAD_LIMITS.bytes / (1024 * 1024)} MB.
            </span>
            {progress !== null && <ProgressBar label="Uploading the banner" value={progress} />}
            {uploadProblem && (
              <p role="alert" className={styles.fieldError}>
                {uploadProblem}
              </p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
