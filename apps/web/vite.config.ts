import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.ts';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 5000}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 400 },
  server: {
    port: 5173,
    proxy: { '/api': api, '/flags': api, '/sitemap.xml': api, '/robots.txt': api, '/sandbox': api, '/email-preview': api },
  },
});
