import { mountApp } from '@inkwell/ui-kit/mount';
import { App } from './app';
import { documentFirstPageShown } from './features/reader/document-first-page';
import { IS_DESKTOP } from './lib/desktop';
import './styles/global.css';

// The desktop build keeps its tokens encrypted in session storage (docs/desktop.md): that store is
// in place before anything reads a token; the stored ones are read back while the app starts.
const tokensReady = IS_DESKTOP ? import('./lib/desktop-tokens').then(({ installDesktopTokens }) => void installDesktopTokens().restore()) : Promise.resolve();

// A reader document may hold its comic's first page: it is painted before the app's first render.
void tokensReady.then(() => documentFirstPageShown()).then(() => mountApp(<App />));
