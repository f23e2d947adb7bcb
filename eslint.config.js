import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

const webRoot = path.resolve('src/web');

/**
 * The web app's boundaries (docs/decisions/0063-form-kit-and-web-boundaries.md): a feature does
 * not import another feature, and components (layout, ui, form) import no feature; pages and the
 * app shell compose them. Imports are resolved against the importing file, since a relative path
 * alone (`../newsletter/…`) does not say whether it leaves a feature.
 */
const webBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      otherFeature:
        'features/{{from}} may not import features/{{to}}: features do not import each other; compose them in a page or the app shell.',
      componentFeature:
        'components may not import features/{{to}}: pass what a component needs from the app shell or a page.',
    },
    schema: [],
  },
  create(context) {
    const [area, feature] = path.relative(webRoot, context.filename).split(path.sep);
    if (area !== 'features' && area !== 'components') return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source.value);
      const [targetArea, targetFeature] = path.relative(webRoot, target).split(path.sep);
      if (targetArea !== 'features') return;
      if (area === 'components') {
        context.report({
          node: source,
          messageId: 'componentFeature',
          data: { to: targetFeature },
        });
      } else if (targetFeature !== feature) {
        context.report({
          node: source,
          messageId: 'otherFeature',
          data: { from: feature, to: targetFeature },
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'node_modules',
      'data',
      '.e2e-data*',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { lexwise: { rules: { 'web-boundaries': webBoundaries } } },
    rules: { 'lexwise/web-boundaries': 'error' },
  },
  {
    files: ['scripts/**', 'bench/**', 'test/**', 'src/server/main.ts', 'src/server/prerender.ts'],
    rules: { 'no-console': 'off' },
  },
);
