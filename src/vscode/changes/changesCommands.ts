// The Changes view's commands; each takes a conversation id or a Conversations-view row, where it takes one.
import type { CommandHandler } from '../platform/commands';
import { Command } from '../platform/ids';
import type { ChangesController } from './changesController';
import type { ChangesStore } from './changesStore';
import { copyPatch, exportPatch } from './patchExport';

export function changesCommands(controller: ChangesController, store: ChangesStore) {
  return {
    [Command.ShowChanges]: (argument?: unknown) => controller.show(argument),
    [Command.RefreshChanges]: () => controller.refresh(),
    [Command.OpenChange]: (conversationId: string, path: string) => controller.openChange(conversationId, path),
    [Command.ReviewChanges]: (argument?: unknown) => controller.review(argument),
    [Command.ExportPatch]: async (argument?: unknown) =>
      exportPatch(await controller.loaded(argument), store.shown?.conversation.title || store.shown?.conversation.id || ''),
    [Command.CopyPatch]: async (argument?: unknown) => copyPatch(await controller.loaded(argument)),
  } satisfies Record<string, CommandHandler>;
}
