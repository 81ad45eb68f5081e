// The composition root of Export Transcript: its own file, dist/exportWork.js, which src/agentWork.ts loads on the
// first export, so that reading transcripts and changes does not pay for the Markdown writer and the save dialogs.
import { buildTranscript } from './core/transcript/build';
import { transcriptMarkdown } from './core/transcript/export';
import type { ServerSession } from './vscode/connection/serverSession';
import type { ErrorPresenter } from './vscode/platform/errorPresenter';
import type { Logger } from './vscode/platform/log';
import { TranscriptExport } from './vscode/transcript/transcriptExport';

export function transcriptExport(session: ServerSession, errors: ErrorPresenter, logger: Logger): TranscriptExport {
  return new TranscriptExport(session, errors, logger, (title, events) => transcriptMarkdown(buildTranscript(events).items, title));
}
