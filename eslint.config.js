import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Web rooms (docs/architecture.md): a feature imports components/, lib/, the contract and itself,
 * never another feature (shared pieces move to components/ or lib/); components/ and lib/ import
 * no feature; only app/ composes features.
 */
const FEATURES = fs.readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureImports = (features) =>
  features.flatMap((feature) => [`**/features/${feature}`, `**/features/${feature}/**`, `../${feature}/**`, `../../${feature}/**`, `../../../${feature}/**`]);
const roomRule = (features, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: featureImports(features), message }] }],
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/migrations/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['web/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/env.ts', 'server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through server/src/env.ts.' },
      ],
    },
  },
  {
    // The engine's room points one way (docs/decisions/0051): generation/ reaches jobs, novels and chapters
    // through its port (generation/job-store.ts), which modules/novels implements and app.ts injects.
    files: ['server/src/generation/**/*.ts'],
    ignores: ['server/src/generation/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules', '**/modules/**'],
              message: 'generation/ imports nothing of modules/: add what it needs to the JobStore port (generation/job-store.ts).',
            },
          ],
        },
      ],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: roomRule(
      FEATURES.filter((other) => other !== feature),
      `A feature imports components/, lib/ and itself: move what ${feature} shares with another feature to components/ or lib/.`,
    ),
  })),
  {
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: roomRule(FEATURES, 'components/ and lib/ import no feature (only app/ composes features).'),
  },
);
