import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * The client build: `index.html` at the root, output in `dist/` (served by the Fastify server).
 * In development `/api` goes to the server on port 3000 (`npm run dev`).
 */
export default defineConfig({
  plugins: [react()],
  define: { 'import.meta.env.VITE_KONTOR_VERSION': JSON.stringify(version) },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 2000 },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': 'http://localhost:3000' },
  },
});
