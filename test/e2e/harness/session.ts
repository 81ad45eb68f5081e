// Everything a run needs, started in order and registered for cleanup in reverse order:
// tools, run folder, git workspace, contract servers (V0, and V1 beside it), the listener at another origin, context file, code-server
// pointed at the contract server.
import * as path from 'node:path';
import { installExtension, startCodeServer, type CodeServer, type CodeServerOptions } from './codeServer';
import { startE2eContractServer, type ContractServer } from './contract';
import { CONTEXT_ENV, newSecretMarker, writeE2eContext, type E2eContext } from './context';
import { startElsewhereListener } from './elsewhere';
import { onCleanup } from './processes';
import { provision, type Tools } from './provision';
import { createRunFolder, type RunFolder } from './runFolder';
import { createGitWorkspace } from './workspace';

export interface SessionOptions {
  kind: 'e2e' | 'demo';
  smokeTestDriver: boolean;
  sessionApiKey: string;
  /** The run's secret marker (context.ts); a new one when not given. */
  secretMarker?: string;
  /** Install this VSIX instead of loading the extension from source through the payload. */
  vsix?: string;
  port?: number;
  /** Which stand-in `openhands.serverUrl` points at: the V0 one (default, as the suites expect) or the V1 one. */
  serverLine?: 'v0' | 'v1';
  /** Let the first-run walkthrough open, as on a person's machine; the suites keep it shut (one scenario opens it). */
  walkthrough?: boolean;
  /** More environment for code-server and its extension hosts. */
  env?: NodeJS.ProcessEnv;
}

export interface Session {
  tools: Tools;
  runFolder: RunFolder;
  server: ContractServer;
  /** The V1 stand-in beside it (context.v1ContractUrl). */
  v1Server: ContractServer;
  context: E2eContext;
  codeServer: CodeServer;
  /** How `codeServer` was started: another code-server of the run starts from them (pseudoLocale.ts). */
  codeServerOptions: CodeServerOptions;
  /** Keeps the run folder at cleanup (a failed run, or --keep); it is removed otherwise. */
  keepRunFolder(): void;
}

export async function startSession(options: SessionOptions): Promise<Session> {
  const tools = await provision();
  const runFolder = createRunFolder(options.kind);
  let removeRunFolder = true;
  onCleanup(() => {
    if (removeRunFolder) runFolder.remove();
    else console.log(`run folder kept: ${runFolder.root}`);
  });
  try {
    const workspace = createGitWorkspace(runFolder.root, runFolder.env());
    const server = await startE2eContractServer(options.sessionApiKey);
    onCleanup(() => server.close());
    const v1Server = await startE2eContractServer(options.sessionApiKey, 'v1');
    onCleanup(() => v1Server.close());
    const elsewhere = await startElsewhereListener(path.join(runFolder.root, 'elsewhere-requests.json'));
    onCleanup(() => elsewhere.close());

    const context: E2eContext = {
      contractUrl: server.url,
      v1ContractUrl: v1Server.url,
      sessionApiKey: options.sessionApiKey,
      workspaceFolder: workspace.folder,
      remoteUrl: workspace.remoteUrl,
      branch: workspace.branch,
      userDataDir: runFolder.userDataDir,
      runFolder: runFolder.root,
      secretMarker: options.secretMarker ?? newSecretMarker(),
      elsewhereUrl: elsewhere.url,
      elsewhereRecord: elsewhere.recordFile,
    };
    const contextFile = path.join(runFolder.root, 'e2e-context.json');
    writeE2eContext(contextFile, context);

    const codeServerOptions: CodeServerOptions = {
      tools,
      runFolder,
      workspaceFolder: workspace.folder,
      machineSettings: {
        'openhands.serverUrl': options.serverLine === 'v1' ? v1Server.url : server.url,
        // The extension honours VS Code's own switch for its first-run walkthrough, which is machine-scoped (so in
        // a remote window only the machine's settings count); the walkthrough scenario turns it on.
        'workbench.welcomePage.walkthroughs.openOnInstall': options.walkthrough === true,
      },
      smokeTestDriver: options.smokeTestDriver,
      env: { ...options.env, [CONTEXT_ENV]: contextFile },
      ...(options.port !== undefined ? { port: options.port } : {}),
    };
    if (options.vsix) await installExtension(codeServerOptions, options.vsix);
    const codeServer = await startCodeServer(codeServerOptions);
    onCleanup(() => codeServer.stop());
    return { tools, runFolder, server, v1Server, context, codeServer, codeServerOptions, keepRunFolder: () => (removeRunFolder = false) };
  } catch (error) {
    removeRunFolder = false; // its logs tell why
    throw error;
  }
}
