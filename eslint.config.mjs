// typescript-eslint, type-aware, with the rules that catch real bugs in an extension: promises nobody waits
// for or that VS Code would drop, switches that miss a case, unused code, and imports that cross a layer.
import tseslint from 'typescript-eslint';

// Where a literal would reach a person unlocalized: messages and their buttons, tree items, and the text
// properties of items, pickers, boxes and status bar entries.
const WORDS = 'Literal[value=/[A-Za-z]{2}/], TemplateLiteral';
const TEXT_PROPERTY = '/^(label|description|detail|tooltip|title|prompt|placeHolder|placeholder|text|message|validationMessage|ariaLabel)$/';
const USER_TEXT = [
  `CallExpression[callee.property.name=/^show(Information|Warning|Error)Message$/] > :matches(${WORDS})`,
  `NewExpression[callee.property.name=/^(TreeItem|MarkdownString)$/] > :matches(${WORDS})`,
  `Property[key.name=${TEXT_PROPERTY}] > :matches(${WORDS}).value`,
  `AssignmentExpression[left.property.name=${TEXT_PROPERTY}] > :matches(${WORDS}).right`,
  `CallExpression[callee.type='Super'] > :matches(${WORDS})`,
  `ReturnStatement > :matches(Literal[value=/^[A-Z][a-z]* [a-z]/], TemplateLiteral[quasis.0.value.raw=/^[A-Z][a-z]* [a-z]/])`,
];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', '.cache/**', 'node_modules/**', 'test-results/**', '**/*.mjs', 'scripts/types/**'] },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.base],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // node:test's describe/it return promises that the runner itself awaits.
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [
        { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] },
      ] }],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Small functions in the product code: one that outgrows a screen is split into units.
    files: ['src/**/*.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
      // Text a person reads is localizable: it goes through l10n.t / vscode.l10n.t, where the bundle finds it.
      'no-restricted-syntax': ['error', ...USER_TEXT.map((selector) => ({ selector, message: 'User-facing text goes through l10n.t (src/base/l10n.ts) or vscode.l10n.t, with a literal message.' }))],
    },
  },
  {
    // The layers' direction: src/api knows nothing above it.
    files: ['src/api/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/core/**', '**/vscode/**', 'vscode'], message: 'src/api is the bottom layer.' }] }] },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/vscode/**', 'vscode'], message: 'src/core is vscode-free.' }] }] },
  },
);
