// Lint: TypeScript rules, React hooks, one file-name case, and the layer boundaries of
// docs/architecture.md (what each folder may import), enforced rather than remembered. Import
// cycles are found by tests/scripts/import-cycles.test.ts, from the whole graph at once: the lint
// rule walked it again from every file: two thirds of the time ESLint spent in rules, a third of
// its whole run.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** A zone: files under `target` may not import from any of `from`. */
const zone = (target, from, message) => ({ target, from, message });

const boundaries = [
  zone(
    './src/domain',
    ['./src/machines', './src/services', './src/ui', './src/routes', './src/track', './server', './tests'],
    'src/domain imports nothing local outside src/domain.',
  ),
  zone(
    './src/machines',
    ['./src/services', './src/ui', './src/routes', './src/track', './server', './tests'],
    'machines import only src/domain and xstate.',
  ),
  zone(
    './src/ui/kit',
    ['./src/services', './src/machines', './src/routes', './server'],
    'ui/kit imports neither services nor machines.',
  ),
  zone(
    './src/services',
    ['./src/ui/screens', './src/routes', './server'],
    'services do not import screens, routes or the server.',
  ),
  zone(
    './src/track',
    ['./src/ui/screens', './src/routes', './src/services', './server'],
    'the buyer pages carry none of the seller app.',
  ),
  zone(
    './server/carriers',
    ['./server/modules'],
    'courier adapters and the sandbox reach the product only through deps.courierInlet (server/carriers/inlet.ts).',
  ),
  zone(
    './server',
    ['./src/ui', './src/machines', './src/services', './src/routes', './src/track'],
    'the server imports only src/domain from the browser side.',
  ),
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'node_modules/**',
      'data/**',
      'docs/**',
      'bench/results/**',
      'test-results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      // the rules of hooks and their dependencies; the React Compiler's extra rules are left out
      // because the app does not use the compiler
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{src,server,tests,scripts,bench}/**/': 'KEBAB_CASE' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // machines: behaviour only, no HTTP client, no React, no DOM
    files: ['src/machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!xstate$|xstate/|\\.{1,2}/|\\.\\./domain/)',
              message: 'machines import only src/domain and xstate.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'fetch',
        'document',
        'window',
        'localStorage',
        'sessionStorage',
        'XMLHttpRequest',
      ],
    },
  },
  {
    // domain: pure rules and schemas shared by browser and server
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!valibot$|jwt-decode$|\\./|\\.\\./(?!\\.\\.))',
              message: 'src/domain imports only valibot, jwt-decode and itself.',
            },
          ],
        },
      ],
    },
  },

  {
    // machines are bound to their actors only in src/services/use-*.ts: a view reads a snapshot
    // (or a child actor's, with useSelector) and sends events, it never creates or provides one
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@xstate/react',
              importNames: ['useMachine', 'useActorRef'],
              message: 'Bind a machine in a src/services/use-*.ts hook; the view calls the hook.',
            },
            {
              name: 'xstate',
              importNames: ['createActor', 'fromPromise', 'fromCallback', 'fromObservable', 'fromTransition'],
              message: 'Actors are supplied in a src/services/use-*.ts hook, not in a view.',
            },
          ],
          // a screen reads through its area's hooks and operations (call, useOperation), never a
          // hand-written client of the API
          patterns: [
            {
              regex: '(^|/)services/[a-z-]+-client$',
              message:
                'Send an operation of the area contract (useOperation, or a src/services/use-*.ts hook), not a client.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='provide']",
          message: 'Provide a machine its actors in a src/services/use-*.ts hook, not in a view.',
        },
      ],
    },
  },

  {
    // one file books with a courier: the booking workflow, which holds the order's claim, writes
    // the intent first and cancels at the courier when the booking cannot be recorded
    files: ['server/**/*.ts'],
    ignores: ['server/modules/booking/workflow.ts', 'server/carriers/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(createShipment|createMultiPiece)$/]',
          message: 'Book with a courier through runBooking (server/modules/booking/workflow.ts).',
        },
      ],
    },
  },

  {
    // the model-based test harness and the statechart export walk any machine's graph: their
    // machine, state and event types are generic over every machine, so `any` is the honest type
    files: [
      'tests/machines/model-harness.ts',
      'tests/machines/describe-model.ts',
      'tests/machines/models/**',
      'scripts/statechart*.ts',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
