// A scripted LLM: an OpenAI-compatible server on 127.0.0.1 whose every chat completion that offers the agent's
// `finish` tool is a call of it, so a real OpenHands agent runs to its end without a real model. The OpenHands
// 1.x agent (openhands-sdk's LLM, through litellm's OpenAI provider, `openai/<model>` with `base_url`) calls
// POST <base_url>/chat/completions with native tool calling (tools in the request, tool_calls in the answer). The
// SDK's own default is not streamed, but the 1.11.0 agent server's agent step came streamed (`stream: true`, seen
// in the conformance run): both are answered, a stream as SSE chunks. A request without the finish tool (the
// unstreamed one before the agent's, with no tools) gets plain text. Answers wait `delayMs`, so that a poller
// sees the agent running.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedLlmOptions {
  readonly host?: string; // default 127.0.0.1
  readonly port?: number; // default 0: a free port
  /** How long each answer waits (ms); default 0. */
  readonly delayMs?: number;
  /** The finish tool's message. */
  readonly finishMessage?: string;
}

export interface ScriptedLlmRequest {
  readonly path: string;
  readonly model: string | undefined;
  readonly stream: boolean;
  readonly tools: readonly string[];
  /** What the answer was: a `finish` call or text. */
  readonly answered: 'finish' | 'text';
}

export interface ScriptedLlm {
  /** The base URL to give as the LLM base URL: `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string;
  readonly requests: readonly ScriptedLlmRequest[];
  close(): Promise<void>;
}

interface ToolParam { type?: string; function?: { name?: string; parameters?: { properties?: Record<string, unknown> } } }
interface ChatRequest { model?: string; stream?: boolean; tools?: ToolParam[] }

/** The finish call's arguments: its message, and a security risk where the tool asks for one (LLM analyzer). */
function finishArguments(tool: ToolParam, message: string): string {
  const properties = tool.function?.parameters?.properties ?? {};
  return JSON.stringify({ message, ...('security_risk' in properties ? { security_risk: 'LOW' } : {}) });
}

function assistantMessage(request: ChatRequest, finishMessage: string): { message: Record<string, unknown>; finish: boolean } {
  const finish = request.tools?.find((t) => t.function?.name === 'finish');
  if (!finish) return { message: { role: 'assistant', content: finishMessage }, finish: false };
  const call = { id: `call_${Date.now().toString(36)}`, type: 'function', function: { name: 'finish', arguments: finishArguments(finish, finishMessage) } };
  return { message: { role: 'assistant', content: null, tool_calls: [call] }, finish: true };
}

const USAGE = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

function completion(request: ChatRequest, message: Record<string, unknown>, finish: boolean): Record<string, unknown> {
  return {
    id: `chatcmpl-scripted-${Date.now()}`, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: request.model ?? 'scripted',
    choices: [{ index: 0, message, finish_reason: finish ? 'tool_calls' : 'stop' }], usage: USAGE,
  };
}

/** The same answer as two SSE chunks (the delta, then the finish reason with usage) and [DONE]. */
function streamed(request: ChatRequest, message: Record<string, unknown>, finish: boolean): string {
  const base = { id: `chatcmpl-scripted-${Date.now()}`, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: request.model ?? 'scripted' };
  const calls = (message.tool_calls as Record<string, unknown>[] | undefined)?.map((c, index) => ({ index, ...c }));
  const delta = { role: 'assistant', content: message.content, ...(calls ? { tool_calls: calls } : {}) };
  const chunks = [
    { ...base, choices: [{ index: 0, delta, finish_reason: null }] },
    { ...base, choices: [{ index: 0, delta: {}, finish_reason: finish ? 'tool_calls' : 'stop' }], usage: USAGE },
  ];
  return chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n';
}

export async function startScriptedLlm(options: ScriptedLlmOptions = {}): Promise<ScriptedLlm> {
  const requests: ScriptedLlmRequest[] = [];
  const finishMessage = options.finishMessage ?? 'Done: the scripted LLM finished the task.';
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => { text += chunk.toString('utf8'); });
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"only POST /v1/chat/completions here"}}');
        return;
      }
      let request: ChatRequest;
      try { request = JSON.parse(text) as ChatRequest; } catch { res.writeHead(400).end('{"error":{"message":"not JSON"}}'); return; }
      const { message, finish } = assistantMessage(request, finishMessage);
      requests.push({ path, model: request.model, stream: request.stream === true, tools: (request.tools ?? []).map((t) => t.function?.name ?? ''), answered: finish ? 'finish' : 'text' });
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (request.stream) res.writeHead(200, { 'content-type': 'text/event-stream' }).end(streamed(request, message, finish));
        else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion(request, message, finish)));
      }, options.delayMs ?? 0);
      timers.add(timer);
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(options.port ?? 0, host, resolve); });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://${host}:${port}/v1`,
    requests,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
