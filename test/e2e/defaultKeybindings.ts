// Reads VS Code's default key bindings document (what "Preferences: Open Default Keyboard Shortcuts (JSON)"
// shows: VS Code's own bindings for the platform, then those of every installed extension) and answers which
// of them take a key. Node built-ins only: the host suite (in the extension host) and the UI scenario (in the
// harness, with another platform's browser) both load it.

export interface DefaultKeybinding {
  readonly key: string;
  readonly command: string;
  readonly when?: string;
}

/** JSON with comments to JSON: drops line and block comments outside strings, and trailing commas. */
function stripJsonComments(text: string): string {
  const string = /"(?:[^"\\]|\\.)*"/y;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') {
      string.lastIndex = i;
      const match = string.exec(text);
      if (!match) throw new Error(`unterminated string at offset ${i}`);
      out += match[0];
      i += match[0].length - 1;
    } else if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end - 1;
    } else if (text.startsWith('/*', i)) {
      i = text.indexOf('*/', i + 2) + 1;
    } else {
      out += text[i];
    }
  }
  return out.replace(/,(\s*[\]}])/g, '$1');
}

export function parseDefaultKeybindings(text: string): DefaultKeybinding[] {
  const parsed: unknown = JSON.parse(stripJsonComments(text));
  if (!Array.isArray(parsed)) throw new Error('the default key bindings document is not an array');
  return parsed as DefaultKeybinding[];
}

/**
 * The bindings, other than `ownCommand`'s, that a press of `key` would reach: the same key, or a chord that
 * starts with it (VS Code then waits for the chord's second key instead of running the command).
 */
export function otherBindingsOf(bindings: readonly DefaultKeybinding[], key: string, ownCommand: string): DefaultKeybinding[] {
  return bindings.filter((b) => b.command !== ownCommand && b.key.split(' ')[0] === key);
}
