// The @openhands participant's requests: /status, /open, /stop and /check, else a task: a follow-up where the thread has a
// conversation, a new conversation where it has none.
import type * as vscode from 'vscode';
import type { ChatCommands } from './chatCommands';
import type { ChatTasks } from './chatTasks';
import { threadConversation } from './chatThread';

export function chatHandler(tasks: ChatTasks, commands: ChatCommands): vscode.ChatRequestHandler {
  return (request, context, stream, token) => {
    const thread = threadConversation(context);
    switch (request.command) {
      case 'status': return commands.status(stream, thread);
      case 'open': return commands.open(request.prompt, stream, thread);
      case 'stop': return commands.stop(stream, thread);
      case 'check': return commands.check(request.prompt, stream, thread);
      default: return thread ? tasks.followUp(thread, request, stream, token) : tasks.start(request, stream, token);
    }
  };
}
