// The composition root of chat: the @openhands participant's handler and the language-model tools. The build emits
// it as its own file, dist/chatWork.js, which extension.ts loads once, on the first chat request or tool call; it is
// built on the commands' services (src/onDemand.ts), which load first, and follows a run with the transcript's
// follower, as the transcript tab does.
import type { Activated, CommandParts } from './onDemand';
import { systemClock } from './core/conversations/refreshSchedule';
import { TranscriptFollower } from './core/transcript/follow';
import type { FollowFactory } from './core/transcript/followTypes';
import { ChatCommands } from './vscode/chat/chatCommands';
import { chatHandler } from './vscode/chat/chatHandler';
import type { ChatServices } from './vscode/chat/chatRegistration';
import { ChatTasks } from './vscode/chat/chatTasks';
import { DelegateTool, ReadTool } from './vscode/chat/lmTools';
import { Chat } from './vscode/platform/ids';

export function chatWork(activated: Activated, parts: CommandParts): ChatServices {
  const { session, errors, links } = activated;
  const { targets, sender, actions } = parts;
  const follow: FollowFactory = (sources, onUpdate) => new TranscriptFollower(sources, systemClock, onUpdate);
  return {
    handle: chatHandler(new ChatTasks(session, targets, sender, errors, follow), new ChatCommands(session, actions, errors)),
    tools: { [Chat.DelegateTool]: new DelegateTool(session, targets, sender, links), [Chat.ReadTool]: new ReadTool(session) },
  };
}
