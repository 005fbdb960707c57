import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { chunkGroups } from './chunk-groups';
import { mantineComponentStyles } from './mantine-component-styles';
import { installableApp } from './pwa';

const apiServer = 'http://localhost:3000';

export default defineConfig({
  // Each chunk carries the CSS of the Mantine components it draws (mantine-component-styles.ts),
  // so Sign In's stylesheet holds only Sign In's. .br and .gz next to every asset, served by
  // the server as they are (preCompressed): compressed once at build time, not per request.
  // lingui: the components' messages (macros) become catalogue lookups, and each language's
  // catalogue (.po) a chunk of its own that only its readers download (decision 027).
  plugins: [
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    mantineComponentStyles(),
    react(),
    compression({ algorithms: ['gzip', 'brotliCompress'] }),
    // The service worker (src/sw.ts) and the web app manifest: Brigade installs and starts offline (issue 34).
    installableApp(),
  ],
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
    // Sign In's whole download in one file; the signed-in app with what the dashboards use in
    // another; what only other pages share in a third (chunk-groups.ts).
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
});
