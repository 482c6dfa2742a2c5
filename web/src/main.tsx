import { mountApp } from '@inkwell/ui-kit/mount';
import { App } from './app';
import { documentFirstPageShown } from './features/reader/document-first-page';
import './styles/global.css';

// A reader document may hold its comic's first page: it is painted before the app's first render.
void documentFirstPageShown().then(() => mountApp(<App />));
