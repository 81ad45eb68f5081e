// A shell command on a conversation's agent server: `POST /api/bash/execute_bash_command` {"command", "cwd",
// "timeout"} runs it (`bash_service.py`: a subprocess shell in `cwd`, none: the agent server's own folder) and
// answers when it ended with its last BashOutput: `exit_code` (-1 after `timeout` seconds or when it could not
// start), `stdout`, `stderr` (each the last part when longer than 30,000 characters). The same in 1.6.0 and 1.11.0.
import * as z from 'zod/mini';
import { readAnswer } from '../http/answers';
import type { CallOptions, Transport } from '../http/transport';
import type { CommandOptions, CommandResult } from '../model/agentCommands';

const BashOutput = z.looseObject({
  exit_code: z.optional(z.nullable(z.number())),
  stdout: z.optional(z.nullable(z.string())),
  stderr: z.optional(z.nullable(z.string())),
});

/** The answer may take as long as the command may run, and a little more. */
const ANSWER_MARGIN_MS = 15_000;

export async function runCommand(transport: Transport, command: string, options: CommandOptions, call?: CallOptions): Promise<CommandResult> {
  const body = { command, timeout: options.timeoutSeconds, ...(options.cwd === undefined ? {} : { cwd: options.cwd }) };
  const timeoutMs = options.timeoutSeconds * 1000 + ANSWER_MARGIN_MS;
  const output = readAnswer(await transport.send('POST', '/api/bash/execute_bash_command', body, { timeoutMs, ...call }), BashOutput);
  return { exitCode: output.exit_code ?? null, stdout: output.stdout ?? '', stderr: output.stderr ?? '' };
}
