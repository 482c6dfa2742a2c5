import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../ui-kit/vite/precompress';

// The gateway serves this build at `/` and the public API at `/api`; in development the API is
// proxied to a locally running gateway (`npm start`, port 8080) so the same relative URLs work.
export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
