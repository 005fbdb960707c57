import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiServer = 'http://localhost:3000';

export default defineConfig({
  // .br and .gz next to every asset, served by the server as they are (preCompressed):
  // compressed once at build time instead of on every request.
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'] })],
  server: {
    proxy: {
      '/api': {
        target: apiServer,
        configure(proxy) {
          // Better Auth refuses cookie-carrying POSTs whose Origin is not its own
          // (CSRF check), and the dev page's origin is Vite's port, not the API's.
          proxy.on('proxyReq', (request) => {
            if (request.getHeader('origin')) request.setHeader('origin', apiServer);
          });
        },
      },
    },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json maps each source module to its chunk and static imports;
    // bench/web.ts reads it to add up what each screen downloads.
    manifest: true,
  },
});
