import tsParser from '@typescript-eslint/parser';
import lingui from 'eslint-plugin-lingui';

/**
 * ESLint runs one check only: a literal string the web app shows must go through Lingui
 * (issue 22, decision 027). Biome is the linter for everything else; it has no such rule.
 */

/** Attributes and properties whose strings are code, never text: classes, styles, Mantine's props, ids, routes. */
const CODE_NAMES = [
  { regex: { pattern: 'className', flags: 'i' } },
  { regex: { pattern: '^(data-|aria-(hidden|busy|live|labelledby|describedby|controls|current|haspopup|expanded))' } },
  // Constants (`PHONE_QUERY`, `PAGE_TITLE` keyed into core's catalogue) and enum-like values.
  { regex: { pattern: '^[A-Z0-9_]+$' } },
  'style',
  'styles',
  'fontFamily',
  'key',
  'id',
  'name',
  'type',
  'role',
  'variant',
  'color',
  'size',
  'radius',
  'shadow',
  'href',
  'to',
  'src',
  'component',
  'autoComplete',
  'inputMode',
  // Mantine's style props.
  'c',
  'bg',
  'fw',
  'fz',
  'ff',
  'lh',
  'ta',
  'tt',
  'td',
  'justify',
  'align',
  'gap',
  'wrap',
  'direction',
];

export default [
  {
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'apps/web/src/test/**', '**/*.d.ts'],
    languageOptions: { parser: tsParser, parserOptions: { ecmaFeatures: { jsx: true } } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            // One token that does not start with a capital: keys, routes, CSS values, query keys, URLs.
            '^(?![A-Z])\\S+$',
            // Upper-case tokens: HTTP methods, codes.
            '^[A-Z0-9_-]+$',
            // The time part of an ISO date (`${day}T00:00:00`).
            '^T[\\d:.]+Z?$',
            // Names that stay as they are in every language.
            '^(Brigade|Deliveroo|Google|Takeaway|Uber Eats)$',
          ],
          ignoreNames: CODE_NAMES,
          ignoreFunctions: [
            'console.*',
            // Developer errors; what a person sees comes from the catch that reads them.
            'Error',
            'DOMException',
            'Date',
            '*.includes',
            '*.querySelector',
            '*.querySelectorAll',
            // useCoreText()'s text(): core's catalogue translates it (decision 027).
            'text',
          ],
        },
      ],
      'lingui/t-call-in-function': 'error',
    },
  },
];
