// Starts code-server (VS Code in the browser) on 127.0.0.1 with all of its state inside the run folder.
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { node24Env, type Tools } from './provision';
import { run, start, type Started } from './processes';
import type { RunFolder } from './runFolder';

/** The extension gallery (open-vsx.org by default) pointed at a dead loopback port: no traffic leaves the machine. */
const DEAD_GALLERY = JSON.stringify({
  serviceUrl: 'http://127.0.0.1:9/gallery',
  itemUrl: 'http://127.0.0.1:9/item',
  resourceUrlTemplate: 'http://127.0.0.1:9/res/{publisher}/{name}/{version}/{path}',
});

/** User settings that keep the workbench quiet and offline. */
const USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'chat.disableAIFeatures': true,
  'git.autofetch': false,
  'git.terminalAuthentication': false,
};

export interface CodeServerOptions {
  tools: Tools;
  runFolder: RunFolder;
  workspaceFolder: string;
  /** Settings of machine scope, such as openhands.serverUrl (code-server reads <user-data>/Machine/settings.json). */
  machineSettings?: Record<string, unknown>;
  userSettings?: Record<string, unknown>;
  /**
   * Lets a page load the extension from source and run tests through the `payload` URL parameter.
   * It also hides notification toasts (read them from the Notifications Center).
   */
  smokeTestDriver: boolean;
  /** Extra environment for the server and the extension hosts it starts. */
  env?: NodeJS.ProcessEnv;
  port?: number;
  /** VS Code's display language (--locale); it needs a language pack named in <user-data>/languagepacks.json. */
  locale?: string;
}

export interface CodeServer {
  readonly url: string;
  readonly port: number;
  readonly logFile: string;
  readonly process: Started;
  /** The workbench URL for the workspace, optionally with a `payload` (extensionDevelopmentPath, extensionTestsPath). */
  workbenchUrl(payload?: ReadonlyArray<readonly [string, string]>): string;
  /** A `vscode-remote://` URI for a path on this server, as payload entries need. */
  remoteUri(fsPath: string): string;
  /**
   * Forgets the unsaved files earlier windows left. A window closed with its browser keeps the backups of its dirty
   * editors (an untitled file a host test opened, even reverted), and every later window of the workspace restores
   * them in front of its own editors, where Close All Editors stops at "Do you want to save…?" (hot exit off does
   * not help: it acts on an orderly shutdown, which a closed browser never has). Called before each window opens.
   */
  forgetUnsavedFiles(): void;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

function configFile(runFolder: RunFolder, port: number): string {
  // Without --config code-server writes ~/.config/code-server/config.yaml.
  const file = path.join(runFolder.root, 'code-server.yaml');
  fs.writeFileSync(file, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  return file;
}

function serverEnv(options: CodeServerOptions): NodeJS.ProcessEnv {
  return node24Env({ ...options.runFolder.env(), EXTENSIONS_GALLERY: DEAD_GALLERY, ...options.env });
}

/** Installs a VSIX into the run folder's extensions dir (before the server starts). */
export async function installExtension(options: CodeServerOptions, vsix: string): Promise<void> {
  const { runFolder, tools } = options;
  await run(
    tools.codeServer,
    [
      '--config', configFile(runFolder, 0),
      '--user-data-dir', runFolder.userDataDir,
      '--extensions-dir', runFolder.extensionsDir,
      '--install-extension', vsix,
    ],
    { env: serverEnv(options), logFile: path.join(runFolder.logsDir, 'install-extension.log') },
  );
}

async function waitForHealth(url: string, started: Started, logFile: string, timeoutMs: number): Promise<void> {
  let exited: number | string | undefined;
  void started.exited.then((result) => (exited = result));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited !== undefined) break;
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
  const why = exited !== undefined ? `exited (${exited})` : `did not answer /healthz within ${timeoutMs / 1000} s`;
  throw new Error(`code-server ${why}; last lines of ${logFile}:\n${tail}`);
}

export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  const { runFolder, tools } = options;
  const port = options.port ?? (await freePort());
  writeJson(path.join(runFolder.userDataDir, 'User', 'settings.json'), { ...USER_SETTINGS, ...options.userSettings });
  writeJson(path.join(runFolder.userDataDir, 'Machine', 'settings.json'), options.machineSettings ?? {});
  const logFile = path.join(runFolder.logsDir, 'code-server.log');
  const args = [
    '--config', configFile(runFolder, port),
    '--bind-addr', `127.0.0.1:${port}`,
    '--auth', 'none',
    '--user-data-dir', runFolder.userDataDir,
    '--extensions-dir', runFolder.extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    // Extension hosts of closed pages otherwise live on for the default 3 hours.
    '--reconnection-grace-time', '30',
    ...(options.smokeTestDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    ...(options.locale ? ['--locale', options.locale] : []),
    options.workspaceFolder,
  ];
  const started = start(tools.codeServer, args, { env: serverEnv(options), logFile });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, started, logFile, 60_000);
  } catch (error) {
    await started.stop();
    throw error;
  }
  const remoteUri = (fsPath: string) => `vscode-remote://127.0.0.1:${port}${fsPath}`;
  return {
    url,
    port,
    logFile,
    process: started,
    remoteUri,
    forgetUnsavedFiles: () => fs.rmSync(path.join(runFolder.userDataDir, 'User', 'Backups'), { recursive: true, force: true }),
    workbenchUrl(payload) {
      let result = `${url}/?folder=${encodeURIComponent(options.workspaceFolder)}`;
      if (payload && payload.length > 0) result += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
      return result;
    },
    stop: () => started.stop(),
  };
}
