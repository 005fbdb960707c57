// The modules vite-plugin-pwa provides at build time (app/update-prompt.tsx registers the service worker with one).
/// <reference types="vite-plugin-pwa/react" />
