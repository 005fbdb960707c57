/**
 * Brigade as an installable app that starts offline (issue 34, decision 033): the web app
 * manifest and the service worker, made by vite-plugin-pwa.
 *
 * `injectManifest`: the worker is our own src/sw.ts (it also handles push and Background
 * Sync); the plugin builds it and writes the list of files to precache into it. The list
 * is every file of the build a signed-in person may need without a network: index.html,
 * the app shell, every screen's code and stylesheet, the language catalogues, the icons.
 * The theme uses the system's fonts, so there are no font files to keep. Left out: the
 * Power BI report frame's code (hq's embedded reports), which is useless offline since
 * the report itself comes from Power BI, and the .gz/.br copies the server sends instead
 * of the files themselves.
 *
 * `registerType: 'prompt'`: a new version waits until the person chooses "Reload"
 * (app/update-prompt.tsx), so a page never runs half old, half new code. The registration
 * lives in the signed-in app's code, not in Sign In's download.
 */
import { DEFAULT_THEME, type MantineColorShade } from '@mantine/core';
import { VitePWA } from 'vite-plugin-pwa';
import { theme } from './src/theme';

/** The primary colour as the app draws it (theme.ts): the header of the installed app and the address bar. */
export const themeColour = DEFAULT_THEME.colors[theme.primaryColor ?? 'indigo']?.[
  (theme.primaryShade ?? 6) as MantineColorShade
] as string;

/** Files the worker precaches, relative to the build's folder. */
export const PRECACHE_PATTERNS = ['index.html', 'assets/*.{js,css}', 'favicon.svg', 'icons/*.png'];
/** The Power BI report frame's chunk (features/reports): needs Power BI's servers, so no use offline. */
export const PRECACHE_IGNORED = ['assets/report-embed-*.js'];

export function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    registerType: 'prompt',
    // Registered from app/update-prompt.tsx (virtual:pwa-register/react), not by a script in index.html.
    injectRegister: false,
    manifest: {
      id: '/',
      name: 'Brigade',
      short_name: 'Brigade',
      description: "Operations for the restaurant chain's head office, managers and staff.",
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: themeColour,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      globPatterns: PRECACHE_PATTERNS,
      globIgnores: PRECACHE_IGNORED,
      // The largest chunk (the charts) is about 0.55 MB; Workbox's default limit is 2 MB.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });
}
