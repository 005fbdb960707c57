import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

const TESTS = ['**/*.test.tsx', '**/*.test.ts'];

/** The screens before sign-in and the parts they use; the language switch is one of them. */
const PUBLIC = [
  '<rootDir>/src/main.tsx',
  '<rootDir>/src/app/app-gate.tsx',
  '<rootDir>/src/app/loading-screen.tsx',
  '<rootDir>/src/app/load-failure-screen.tsx',
  '<rootDir>/src/app/signed-out-screen.tsx',
  '<rootDir>/src/components/auth-screen-layout.tsx',
  '<rootDir>/src/components/brand-logo.tsx',
  '<rootDir>/src/components/copyright-notice.tsx',
  '<rootDir>/src/components/password-field.tsx',
  '<rootDir>/src/components/language-select.tsx',
  '<rootDir>/src/features/session/**',
  '<rootDir>/src/features/setup/**',
  '<rootDir>/src/features/passwords/**',
  // Single sign-on's buttons on Sign In (issue 36).
  '<rootDir>/src/features/sso/sso-sign-in-buttons.tsx',
  '<rootDir>/src/features/sso/api/get-sso-providers.ts',
  // "Sign in with a passkey" on Sign In (issue 36).
  '<rootDir>/src/features/passkeys/passkey-sign-in-button.tsx',
  '<rootDir>/src/features/passkeys/api/sign-in-with-passkey.ts',
  '<rootDir>/src/lib/api-client.ts',
  '<rootDir>/src/lib/session/sign-in.ts',
  '<rootDir>/src/lib/core-messages.ts',
];

/**
 * The web's catalogues (issue 22, decision 027): English is the source, written in the
 * components word for word as the specification gives it; Dutch and French are
 * translations of it. `npm run i18n:extract` refreshes the catalogues from the code.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'nl', 'fr'],
  // A missing translation is a failing test (locales.test.ts), never a silent English word.
  fallbackLocales: false,
  catalogs: [
    // What Sign In, first run and the password screens show, and what they share with the app.
    { path: '<rootDir>/src/locales/{locale}/public', include: PUBLIC, exclude: TESTS },
    // Everything else: downloaded beside the signed-in app's code.
    { path: '<rootDir>/src/locales/{locale}/app', include: ['<rootDir>/src'], exclude: [...PUBLIC, ...TESTS] },
  ],
  // Line numbers change with every edit above a message; the catalogues would churn.
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
