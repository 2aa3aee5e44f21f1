import js from '@eslint/js'
import tseslint from 'typescript-eslint'

const READ_BODY_MESSAGE = 'Read request bodies with readForm (app/lib/form.server.ts) or readJson/readBodyBytes (app/lib/http.server.ts): they count bytes and bound fields.'

export default tseslint.config(
  { ignores: ['build/', 'public/build/', 'node_modules/', 'data/', '.cache/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly', Buffer: 'readonly', __dirname: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The server entry runs on Node with Remix's fetch globals installed.
    files: ['server/**/*.mjs'],
    languageOptions: { globals: { AbortController: 'readonly', Request: 'readonly' } },
  },
  {
    // A route module's imports reach the browser bundle; zod there costs ~100 KB gzip. Schemas
    // live in app/lib (marked side-effect free), imported only by loaders and actions.
    files: ['app/routes/**/*.tsx', 'app/components/**/*.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'zod', message: 'Put the schema in app/lib so it stays out of the browser bundle.' }] }] },
  },
  {
    // docs/decisions/014: request bodies are read only through the counted, bounded helpers.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/lib/http.server.ts', 'app/lib/form.server.ts', 'app/services/video-upload.server.ts', 'app/services/recording-fingerprint.server.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['request', 'req'].flatMap((name) => [
          { selector: `MemberExpression[object.name='${name}'][property.name=/^(formData|json|text|arrayBuffer|blob|body|clone)$/]`, message: READ_BODY_MESSAGE },
          { selector: `MemberExpression[object.property.name='${name}'][property.name=/^(formData|json|text|arrayBuffer|blob|body|clone)$/]`, message: READ_BODY_MESSAGE },
        ]),
      ],
    },
  },
)
