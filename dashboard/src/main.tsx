import { mountApp } from '@inkwell/ui-kit/mount';
import { App } from './app';
import './styles/global.css';

mountApp(<App />);
