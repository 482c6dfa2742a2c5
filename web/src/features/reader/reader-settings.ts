/**
 * The reader's preferences, kept in local storage so every comic opens the way the reader left the
 * last one: the mode, and whether to show two pages side by side where they fit. The reading
 * direction is not kept: each comic starts in its own (right to left for manga).
 */
import { readStored, writeStored } from '@inkwell/ui-kit/storage';
import { READER_MODES, type ReaderMode } from './types';

export interface ReaderSettings {
  mode: ReaderMode;
  doublePage: boolean;
}

const KEY = 'readerSettings';
export const DEFAULT_READER_SETTINGS: ReaderSettings = { mode: 'Page', doublePage: false };

export function parseReaderSettings(stored: string | null): ReaderSettings {
  if (!stored) return DEFAULT_READER_SETTINGS;
  try {
    const parsed = JSON.parse(stored) as Partial<Record<keyof ReaderSettings, unknown>> | null;
    return {
      mode: READER_MODES.find((mode) => mode === parsed?.mode) ?? DEFAULT_READER_SETTINGS.mode,
      doublePage: typeof parsed?.doublePage === 'boolean' ? parsed.doublePage : DEFAULT_READER_SETTINGS.doublePage,
    };
  } catch {
    return DEFAULT_READER_SETTINGS;
  }
}

export function loadReaderSettings(): ReaderSettings {
  return parseReaderSettings(readStored(KEY));
}

export function storeReaderSettings(settings: ReaderSettings): void {
  writeStored(KEY, JSON.stringify(settings));
}
