import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreenBoot } from './vite-first-screen.ts';
import { licencesPlugin } from './vite-licences.ts';
import { antdMobileDirectImports } from './vite-plugins.ts';
import { serviceWorker } from './vite-sw.ts';

const api = { target: 'http://localhost:8080', changeOrigin: true, ws: true };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative asset URLs: the hash router never needs the server to know page paths, so the build can live anywhere.
  base: './',
  plugins: [
    antdMobileDirectImports(),
    react(),
    serviceWorker({
      source: fileURLToPath(new URL('./sw/sw.js', import.meta.url)),
      publicDir: fileURLToPath(new URL('./public', import.meta.url)),
    }),
    licencesPlugin(fileURLToPath(new URL('.', import.meta.url))),
    firstScreenBoot({
      root: fileURLToPath(new URL('.', import.meta.url)),
      entry: fileURLToPath(new URL('./src/app/first-screen-boot.ts', import.meta.url)),
    }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/rest': api } },
  preview: { proxy: { '/rest': api } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the entry imports statically runs on every visit, so it arrives as one file. Left to itself the
          // bundler cuts it into some thirty small chunks (one per set of pages that also use a module), and on
          // a slow phone each costs a request and its headers. Lazy pages, and what only they import, keep their
          // own chunks. docs/performance.md "First screen".
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
});
