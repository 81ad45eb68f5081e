// Work that activation starts but need not do inside activate(): the first load from the server. VS Code counts
// activate()'s own call as the extension's start-up cost (Running Extensions shows the require plus that call), and
// while it runs the extension host answers nothing else. The first load waits on the network anyway, so it starts
// on the host's next turn, after the messages already waiting there (a view asking for its rows, another extension's
// activation). The work is the same; the bench reports it beside activate()'s time, not hidden in a smaller figure.
import type * as vscode from 'vscode';

export interface AfterActivation extends vscode.Disposable {
  /** Resolves, once `start` has run, to the time in ms its synchronous part took; never, if disposed before. */
  readonly started: Promise<number>;
}

export function afterActivation(start: () => void): AfterActivation {
  let timer: NodeJS.Immediate | undefined;
  const started = new Promise<number>((resolve) => {
    timer = setImmediate(() => {
      timer = undefined;
      const begun = performance.now();
      start();
      resolve(performance.now() - begun);
    });
  });
  return { started, dispose: () => timer && clearImmediate(timer) };
}
