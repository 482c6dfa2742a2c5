import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../ui-kit/vite/precompress';

// The gateway serves this build at `/dashboard/` (same origin as the storefront, so the staff
// member's storefront login is in the same local storage); the API is proxied in development.
export default defineConfig({
  base: '/dashboard/',
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5174,
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
