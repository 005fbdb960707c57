import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { defineConfig } from 'vitest/config';

// The web's Lingui config, for the macro plugin and the catalogues in the web project below.
process.env.LINGUI_CONFIG = 'apps/web/lingui.config.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          // scripts/: the repository's own checks, such as the README's and docs/' links.
          include: ['packages/core/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Every file builds its own app on its own database and leaves no module state
          // behind, so files share one module graph: importing the server (Fastify, the AWS
          // SDK, sharp, pdfkit, pg-boss) once rather than per file halves the suite's time.
          isolate: false,
          // Each file opens its own database (PGlite in memory, or a fresh PostgreSQL database).
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The components' messages are Lingui macros, compiled as the build compiles them.
        plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx', 'apps/web/src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
          // Mantine's CSS modules are class names only; no styles are needed to read the screen.
          css: false,
          // jsdom renders Mantine slowly on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
