import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import serverModules from './eslint-rules/server-modules.js';

/** Web feature folders (src/web/features/<area>); each may import only itself, lib, components and shared. */
const FEATURES = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const NO_SERVER = { group: ['**/server/**'], message: 'Web code never imports server code; shared types and rules live in src/shared.' };

const TEST_SYNTAX = [
  { selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]", message: 'No focused tests.' },
  { selector: "CallExpression[callee.property.name='skip'][callee.object.name=/^(it|test|describe)$/]", message: 'No skipped tests.' },
];
const DATE_MESSAGE = 'Dates and times are formatted by src/web/lib/format.ts (web) or src/server/lib/dates.ts (server) only.';
const DATE_SYNTAX = [
  { selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]', message: DATE_MESSAGE },
  { selector: "MemberExpression[object.name='Intl'][property.name='DateTimeFormat']", message: DATE_MESSAGE },
  { selector: "CallExpression[callee.property.name='toFormat']", message: DATE_MESSAGE },
];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'coverage', 'test-results', 'playwright-report', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': ['error', ...TEST_SYNTAX],
    },
  },
  // Issue 24, dates in one format: people see dates only through the shared formatters
  // (src/web/lib/format.ts, src/server/lib/dates.ts), never the locale-dependent built-ins.
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/server/**/*.ts'],
    ignores: ['src/web/lib/format.ts', 'src/server/lib/dates.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...TEST_SYNTAX, ...DATE_SYNTAX] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // House rule 1 (design.md section 3): imports go one way, web -> shared <- server; features do
  // not import each other (the app folder composes them; shared pieces live in lib/ or components/).
  // Each block repeats the server ban because a later block's options replace an earlier one's.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SERVER] }] },
  },
  {
    files: ['src/web/lib/**/*.{ts,tsx}', 'src/web/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_SERVER,
            {
              regex: '(^|/)features(/|$)',
              message: 'lib/ and components/ serve every feature and import none; move the piece here or pass it in.',
            },
          ],
        },
      ],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_SERVER,
            {
              // From anywhere inside this feature, another feature is reached through `../<name>/` or `features/<name>/`.
              regex: `(^|/)(\\.\\./|features/)(${FEATURES.filter((f) => f !== feature).join('|')})(/|$)`,
              message: `Features do not import each other: move what ${feature} needs to src/web/lib, src/web/components or src/shared, or compose in src/web/app.`,
            },
          ],
        },
      ],
    },
  })),
  // Issue 25, module boundaries: a server module imports another only through its *.read.ts and
  // *.service.ts files, and modules import each other in no circle (eslint-rules/server-modules.js).
  {
    files: ['src/server/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.factories.ts', '**/*.test-helper.ts'],
    plugins: { server: serverModules },
    rules: {
      'server/boundaries': 'error',
      'server/no-circles': 'error',
    },
  },
  {
    files: ['src/server/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**'], message: 'Server code never imports web code; what both sides need lives in src/shared.' }] },
      ],
    },
  },
  // Decision 021: every journey takes `test` and `expect` from the journey fixture (tests/e2e/a11y.ts),
  // which scans each page state with axe-core; Playwright's own `test` would skip the scans. Types
  // may still come from Playwright. The global setup checks the same (tests/e2e/journey-imports.ts).
  {
    files: ['tests/e2e/**/*.e2e.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['@playwright/test', 'playwright/test', 'playwright', 'playwright-core'].map((name) => ({
            name,
            allowTypeImports: true,
            message: "Journeys import test and expect from './a11y' (the journey fixture scans every page with axe-core).",
          })),
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', 'node:*'],
              message: 'Shared code imports neither server nor web code (nor Node built-ins): both sides run it.',
            },
          ],
        },
      ],
    },
  },
);
