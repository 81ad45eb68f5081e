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

// What each layer may not import. The wire formats (api/v0, api/v1, api/agent) and the adapters' own reading of answers
// are src/api's alone: the layers above speak the client's model (api/model) and interface (api/client). The
// typed errors (api/http/*Errors, api/*Errors), credentials and the transport's options (api/http/credential,
// logger, transport) are the client's surface, and stay open to them.
const NO_WIRE = {
  group: ['**/api/v0/**', '**/api/v1/**', '**/api/agent/**', '**/api/http/answers', '**/api/http/zodMessages'],
  message: 'Only src/api knows a wire format: import the model (src/api/model) or the client (src/api/client).',
};
const NO_ROOT = { group: ['**/extension', '**/onDemand', '**/agentWork', '**/chatWork', '**/checkWork', '**/testingApi'], message: 'Nothing imports the composition roots.' };
const NO_VSCODE = { group: ['**/vscode/**', 'vscode'], message: 'Only src/vscode and the composition root import vscode.' };
const NO_CORE = { group: ['**/core/**'], message: 'src/api is below src/core: it imports nothing of it.' };
const LAYERS = {
  vscode: [NO_WIRE, NO_ROOT],
  core: [NO_WIRE, NO_ROOT, NO_VSCODE],
  api: [NO_ROOT, NO_VSCODE, NO_CORE],
  // src/base is below every layer: it imports nothing of the project's but its own modules.
  base: [{ regex: '^\\.\\./', message: 'src/base imports nothing of the layers above it.' }, NO_VSCODE],
};

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
  // The layers' direction, one way down: the roots (extension.ts, onDemand.ts, agentWork.ts, chatWork.ts, testingApi.ts) → src/vscode →
  // src/core → src/api → src/base (docs/architecture.md). One entry per layer, since a later entry for the same files would replace
  // an earlier one's no-restricted-imports instead of adding to it.
  ...Object.entries(LAYERS).map(([layer, patterns]) => ({
    files: [`src/${layer}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
  {
    // Above src/api and in the tests of what is above it, only the client's model and interface: no wire format.
    files: ['src/extension.ts', 'src/onDemand.ts', 'src/agentWork.ts', 'src/chatWork.ts', 'src/checkWork.ts', 'src/testingApi.ts', 'test/core/**/*.ts', 'test/e2e/**/*.ts', 'test/e2e/harness/host/**/*.ts', 'test/e2e/harness/ui/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_WIRE] }] },
  },
);
