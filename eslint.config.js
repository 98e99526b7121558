// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.tsbuild/**',
      'desktop/dist/**',
      'release/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'tests/e2e/.artifacts/**',
      'tests/.results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['vitest.config.ts', 'desktop/vite.config.ts'],
          defaultProject: './tsconfig.tools.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      'no-control-regex': 'off',
    },
  },
  {
    // Tests read supertest/JSON bodies typed `any`: the no-unsafe-* rules hold everywhere else.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'react', 'react-*', 'electron', 'koa', 'knex', '../../api/*', '../../desktop/*'] },
      ],
    },
  },
  {
    files: ['desktop/src/renderer/**/*.{ts,tsx}', 'desktop/src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'electron', 'fs', 'path', 'koa', 'knex'] }],
    },
  },
  {
    files: ['api/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-*', 'electron', '*/desktop/*'] }],
      // One data layer (docs/architecture.md, "Data"): a row's type comes from its model
      // (ModelObject, Pick), never from an interface that repeats the table's columns.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSInterfaceDeclaration[id.name=/Row$/]',
          message: 'Derive row types from the model (ModelObject<M>, Pick<M, ...>): see docs/architecture.md, "Data".',
        },
      ],
    },
  },
  {
    // Rows of tables that are not ours (pg-boss's job table) or of no table at all (a CSV line).
    files: ['api/src/features/jobs/presenter.ts', 'api/src/features/users/import-rows.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
