// The one way text reaches a person from the layers that cannot import vscode; it lives in src/base, below every
// layer, so src/api and src/core both may use it. Every sentence goes through `l10n.t` with a literal message, so
// `npm run l10n` (@vscode/l10n-dev) finds it for the bundle; the VS Code layer plugs in `vscode.l10n.t` at
// activation, and without it (unit tests, the stand-in) the English is used.
export type Translate = (message: string, ...args: Array<string | number | boolean>) => string;

/** `{0}`, `{1}`… replaced by the arguments, as vscode.l10n.t does. */
export function formatMessage(message: string, ...args: Array<string | number | boolean>): string {
  return message.replace(/\{(\d+)\}/g, (placeholder, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? placeholder : String(value);
  });
}

let translate: Translate = formatMessage;

export const l10n = {
  t: (message: string, ...args: Array<string | number | boolean>): string => translate(message, ...args),
};

/** Called once by the composition root, before any text is made. */
export function useTranslator(next: Translate): void {
  translate = next;
}
