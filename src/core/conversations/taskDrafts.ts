// The task a person typed for a start that did not happen (Escape on the pre-flight or on what Send This Folder
// shows, a failure dismissed), kept per folder so that folder's next Start Conversation offers it again instead
// of an empty box. Held in memory only, for this window: a draft may say what the person would not want stored.
export class TaskDrafts {
  private readonly byFolder = new Map<string, string>();

  /** The draft for `folder` (a workspace folder's URI; undefined: no folder), or '' when there is none. */
  draft(folder: string | undefined): string {
    return this.byFolder.get(folder ?? '') ?? '';
  }

  /** Keeps `text` as the folder's draft until a conversation starts there; an empty text forgets it. */
  keep(folder: string | undefined, text: string): void {
    if (text) this.byFolder.set(folder ?? '', text);
    else this.byFolder.delete(folder ?? '');
  }

  /** A conversation started on `folder`: its draft is spent. */
  started(folder: string | undefined): void {
    this.byFolder.delete(folder ?? '');
  }
}
