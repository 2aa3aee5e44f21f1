import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import prettier from 'eslint-config-prettier'

const READ_BODY_MESSAGE =
  'Read request bodies with readForm (app/lib/form.server.ts) or readJson/readBodyBytes (app/lib/http.server.ts): they count bytes and bound fields.'
const READ_BODY = ['request', 'req'].flatMap((name) => [
  {
    selector: `MemberExpression[object.name='${name}'][property.name=/^(formData|json|text|arrayBuffer|blob|body|clone)$/]`,
    message: READ_BODY_MESSAGE,
  },
  {
    selector: `MemberExpression[object.property.name='${name}'][property.name=/^(formData|json|text|arrayBuffer|blob|body|clone)$/]`,
    message: READ_BODY_MESSAGE,
  },
])
// Issue 53: an Intl formatter made inside a function is made again on every call, and making one
// costs far more than using it (a month label's was 19 % of the dashboard's server time).
const INTL_PER_CALL = [
  {
    selector:
      ':function NewExpression[callee.object.name="Intl"][callee.property.name=/^(DateTimeFormat|NumberFormat|PluralRules|ListFormat|RelativeTimeFormat|DisplayNames|Collator|Segmenter)$/]',
    message:
      'Take the formatter from app/lib/intl.ts (dateTimeFormat, numberFormat, listFormat…): it is made once per language and options.',
  },
]
// Guards are written once (app/services/accounts/auth.server.ts, app/lib/http.server.ts); routes call them.
const HAND_WRITTEN_GUARDS = [
  {
    selector: `CallExpression[callee.name='jsonError'][arguments.1.value=/^(Unauthorized|Admin access required|Method not allowed)$/]`,
    message:
      'Use requireApiUser / requireApiAdmin (app/services/accounts/auth.server.ts) or requireMethod / methodNotAllowed (app/lib/http.server.ts).',
  },
  {
    selector: `BinaryExpression[operator='!=='][left.object.name='request'][left.property.name='method']`,
    message: 'Use requireMethod (app/lib/http.server.ts).',
  },
]

// A class list built by a template must keep a space where a value meets the text around it:
// `${status ? 'mt-2' : ''}text-3xl` made the class `mt-2text-3xl`, and the 404 heading lost its
// size with no error anywhere (issue 31).
const classTemplates = {
  rules: {
    'no-glued-classes': {
      meta: {
        type: 'problem',
        messages: {
          glued:
            'A class template glues a value to the text next to it; put a space between them (`${a} b`, not `${a}b`).',
        },
        schema: [],
      },
      create(context) {
        const isClassAttribute = (node) =>
          node?.type === 'JSXAttribute' && ['className', 'class'].includes(node.name.name)
        return {
          TemplateLiteral(node) {
            let parent = node.parent
            while (parent && parent.type !== 'JSXAttribute' && parent.type !== 'Program')
              parent = parent.parent
            if (!isClassAttribute(parent)) return
            node.quasis.forEach((quasi, index) => {
              const text = quasi.value.raw
              const gluedBefore = index > 0 && /^\S/.test(text)
              const gluedAfter = !quasi.tail && /\S$/.test(text)
              if (gluedBefore || gluedAfter) context.report({ node: quasi, messageId: 'glued' })
            })
          },
        }
      },
    },
  },
}

export default tseslint.config(
  { ignores: ['build/', 'public/build/', 'node_modules/', 'data/', '.cache/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['app/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // A scrollable region (role="region", labelled) must be focusable so the keyboard scrolls it (axe).
    files: ['app/**/*.tsx'],
    rules: {
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'], tags: [] }],
    },
  },
  {
    files: ['app/**/*.tsx'],
    plugins: { 'class-templates': classTemplates },
    rules: { 'class-templates/no-glued-classes': 'error' },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
        Buffer: 'readonly',
        __dirname: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
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
    files: ['app/routes/**/*.tsx', 'app/resource-routes/**/*.tsx', 'app/components/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: 'Put the schema in app/lib so it stays out of the browser bundle.',
            },
            {
              // Issue 53: Remix's links resolve and parse their path through the router's
              // context while the server draws them, a sixth of the dashboard's time.
              name: '@remix-run/react',
              importNames: ['Link', 'NavLink'],
              message:
                'Use AppLink (~/components/app-link): the same link, drawn without the router.',
            },
          ],
        },
      ],
    },
  },
  {
    // docs/decisions/014: request bodies are read only through the counted, bounded helpers.
    files: ['app/**/*.{ts,tsx}'],
    ignores: [
      'app/lib/http.server.ts',
      'app/lib/form.server.ts',
      'app/services/admin/video-upload.server.ts',
      'app/services/songs/recording-fingerprint.server.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...READ_BODY, ...INTL_PER_CALL] },
  },
  {
    // One rule's options replace another's for the same files, so routes repeat READ_BODY.
    files: ['app/routes/**/*.{ts,tsx}', 'app/resource-routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...READ_BODY, ...HAND_WRITTEN_GUARDS, ...INTL_PER_CALL],
    },
  },
  // Formatting is Prettier's (npm run lint runs prettier --check first); no ESLint rule argues with it.
  prettier,
)
