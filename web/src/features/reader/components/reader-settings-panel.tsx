import { WHEEL_ZOOM_IN, WHEEL_ZOOM_OUT, ZOOM_MAX, ZOOM_MIN } from '../reader-constants';
import { READER_MODES, type ReaderMode } from '../types';
import { ChoiceGroup } from './choice-group';
import { ZoomInIcon, ZoomOutIcon } from './reader-icons';
import styles from './reader-settings-panel.module.css';

interface ReaderSettingsPanelProps {
  id: string;
  mode: ReaderMode;
  onModeChange: (mode: ReaderMode) => void;
  doublePage: boolean;
  onDoublePageChange: (doublePage: boolean) => void;
  /** Why two pages cannot be shown side by side right now, when they cannot. */
  doublePageUnavailable: string | null;
  reverse: boolean;
  onReverseChange: (reverse: boolean) => void;
  zoom: number;
  onZoomChange: (zoom: number) => void;
}

/** How to read: mode, one or two pages, direction, and zoom (its buttons step like a wheel notch). */
export function ReaderSettingsPanel(props: ReaderSettingsPanelProps) {
  const { id, mode, onModeChange, doublePage, onDoublePageChange, doublePageUnavailable, reverse, onReverseChange, zoom, onZoomChange } = props;
  return (
    <div id={id} className={styles.panel} role="group" aria-label="Reading settings" data-reader-menu="">
      <ChoiceGroup label="Reading mode" value={mode} onChange={onModeChange} choices={READER_MODES.map((value) => ({ value, label: value }))} />
      <ChoiceGroup
        label="Pages"
        value={doublePage && !doublePageUnavailable ? 'double' : 'single'}
        onChange={(value) => onDoublePageChange(value === 'double')}
        choices={[
          { value: 'single', label: 'Single page', disabled: doublePageUnavailable !== null },
          { value: 'double', label: 'Double page', disabled: doublePageUnavailable !== null },
        ]}
        note={doublePageUnavailable ?? undefined}
      />
      <ChoiceGroup
        label="Reading direction"
        value={reverse ? 'rtl' : 'ltr'}
        onChange={(value) => onReverseChange(value === 'rtl')}
        choices={[
          { value: 'ltr', label: 'Left to right' },
          { value: 'rtl', label: 'Right to left' },
        ]}
      />
      <div className={styles.zoom} role="group" aria-label="Zoom">
        <span className={styles.zoomLabel}>Zoom</span>
        <button type="button" className={styles.zoomButton} onClick={() => onZoomChange(zoom * WHEEL_ZOOM_OUT)} disabled={zoom <= ZOOM_MIN} aria-label="Zoom out">
          <ZoomOutIcon size={20} />
        </button>
        <output className={styles.zoomValue} aria-live="polite">
          {Math.round(zoom * 100)}%
        </output>
        <button type="button" className={styles.zoomButton} onClick={() => onZoomChange(zoom * WHEEL_ZOOM_IN)} disabled={zoom >= ZOOM_MAX} aria-label="Zoom in">
          <ZoomInIcon size={20} />
        </button>
        <button type="button" className={styles.reset} onClick={() => onZoomChange(ZOOM_MIN)} disabled={zoom === ZOOM_MIN}>
          Fit
        </button>
      </div>
    </div>
  );
}
