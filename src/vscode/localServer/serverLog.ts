// The local agent server's output as a log channel of its own ("OpenHands Local Agent Server"): the server writes
// to a file in the extension's storage (it outlives the window that started it), which this window follows while
// it knows the server, every line through the extension's redactor.
import * as fs from 'node:fs/promises';
import * as vscode from 'vscode';
import type { Redactor } from '../../core/platform/redact';
import { Disposable } from '../platform/lifecycle';

const FOLLOW_MS = 1_000;
/** At most this much of an existing log is shown when a window starts following it. */
const TAIL_BYTES = 64 * 1024;

export class ServerLog extends Disposable {
  private readonly channel = this.register(vscode.window.createOutputChannel(vscode.l10n.t('OpenHands Local Agent Server'), { log: true }));
  private timer: NodeJS.Timeout | undefined;
  private offset = 0;
  private partial = '';

  constructor(private readonly file: string, private readonly redactor: Redactor) {
    super();
    this.register({ dispose: () => this.stop() });
  }

  info(message: string): void { this.channel.info(this.redactor.redactText(message)); }
  show(): void { this.channel.show(true); }

  /** Follows the file from its last `TAIL_BYTES` on (or from its end when `fromEnd`). */
  async follow(fromEnd = false): Promise<void> {
    this.stop();
    const size = (await fs.stat(this.file).catch(() => undefined))?.size ?? 0;
    this.offset = fromEnd ? size : Math.max(0, size - TAIL_BYTES);
    this.timer = setInterval(() => void this.read(), FOLLOW_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private async read(): Promise<void> {
    const handle = await fs.open(this.file, 'r').catch(() => undefined);
    if (!handle) return;
    try {
      const { size } = await handle.stat();
      if (size < this.offset) this.offset = 0;
      if (size === this.offset) return;
      const buffer = Buffer.alloc(size - this.offset);
      await handle.read(buffer, 0, buffer.length, this.offset);
      this.offset = size;
      const lines = (this.partial + buffer.toString('utf8')).split('\n');
      this.partial = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) this.channel.info(this.redactor.redactText(line));
    } finally {
      await handle.close();
    }
  }
}
