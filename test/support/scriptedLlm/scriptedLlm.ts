// A scripted LLM: an OpenAI-compatible server on 127.0.0.1 that answers the agent's chat completions from a
// script (script.ts: terminal, file_editor and finish calls, or text), so a real OpenHands agent does real work and
// runs to its end without a real model; without a script every request that offers `finish` is a call of it. The
// OpenHands 1.x agent (openhands-sdk's LLM, through litellm's OpenAI provider, `openai/<model>` with `base_url`) calls
// POST <base_url>/chat/completions with native tool calling (tools in the request, tool_calls in the answer). The
// SDK's own default is not streamed, but the 1.11.0 agent server's agent step came streamed (`stream: true`, seen
// in the conformance run): both are answered, a stream as SSE chunks. A request without tools (the unstreamed
// one before the agent's, for the title) gets plain text. Answers wait `delayMs`, so that a poller
// sees the agent running.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ChatMessage, type ScriptStep, type ToolStep, stepIndex, toolArguments, workspaceOf } from './script';

export interface ScriptedLlmOptions {
  readonly host?: string; // default 127.0.0.1
  readonly port?: number; // default 0: a free port
  /** How long each answer waits (ms); default 0. */
  readonly delayMs?: number;
  /** The finish tool's message (and the text answer to a request without tools, such as the title's). */
  readonly finishMessage?: string;
  /** The steps to answer with (script.ts), e.g. REAL_WORK_SCRIPT; default: a finish call at once. */
  readonly script?: readonly ScriptStep[];
  /** A follow-up message goes on with the script where it was, instead of starting it again. */
  readonly goOnAfterFollowUp?: boolean;
  /** Keep each request's body and the key it came with in `requests` (to read what the agent sends). */
  readonly keepBodies?: boolean;
  /**
   * A streamed answer's text comes a word per chunk, this many ms apart, as a model's words do (for the agent
   * server's `delta` frames); default: the whole text in one chunk at once.
   */
  readonly wordMs?: number;
}

export interface ScriptedLlmRequest {
  readonly path: string;
  readonly model: string | undefined;
  readonly stream: boolean;
  readonly tools: readonly string[];
  /** What the answer was: the tool called, or text. */
  readonly answered: string;
  /** The request as sent, with `keepBodies`. */
  readonly body?: unknown;
  /** The key of its `Authorization: Bearer` header, with `keepBodies`: the LLM key the agent was given. */
  readonly apiKey?: string;
}

export interface ScriptedLlm {
  /** The base URL to give as the LLM base URL: `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string;
  readonly requests: readonly ScriptedLlmRequest[];
  close(): Promise<void>;
}

interface ToolParam { type?: string; function?: { name?: string; parameters?: { properties?: Record<string, unknown> } } }
interface ChatRequest { model?: string; stream?: boolean; tools?: ToolParam[]; messages?: ChatMessage[] }

let calls = 0;

/** The call's arguments, and a security risk where the tool asks for one (LLM analyzer). */
function callArguments(tool: ToolParam, step: ToolStep, workspace: string | null): string {
  const properties = tool.function?.parameters?.properties ?? {};
  const risk = 'risk' in step && step.risk ? step.risk : 'LOW';
  return JSON.stringify({ ...toolArguments(step, workspace), ...('security_risk' in properties ? { security_risk: risk } : {}) });
}

/**
 * The answer to a request: text where no tools are offered (the title request), else the script's step for it (a
 * finish call once the script is done, or when the step's tool is not offered).
 */
function assistantMessage(request: ChatRequest, options: ScriptedLlmOptions, finishMessage: string): { message: Record<string, unknown>; answered: string } {
  if (!request.tools?.length) return { message: { role: 'assistant', content: finishMessage }, answered: 'text' };
  const messages = request.messages ?? [];
  const step: ScriptStep = (options.script ?? [])[stepIndex(messages, options.goOnAfterFollowUp)] ?? { tool: 'finish', message: finishMessage };
  if ('text' in step) return { message: { role: 'assistant', content: step.text }, answered: 'text' };
  const named = request.tools.find((t) => t.function?.name === step.tool);
  const tool = named ? step : { tool: 'finish' as const, message: finishMessage };
  const offered = named ?? request.tools.find((t) => t.function?.name === 'finish');
  if (!offered) return { message: { role: 'assistant', content: finishMessage }, answered: 'text' };
  const call = { id: `call_scripted_${(++calls).toString(36)}_${Date.now().toString(36)}`, type: 'function', function: { name: tool.tool, arguments: callArguments(offered, tool, workspaceOf(messages)) } };
  const thought = 'thought' in tool && tool.thought ? tool.thought : null;
  return { message: { role: 'assistant', content: thought, tool_calls: [call] }, answered: tool.tool };
}

const USAGE = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

function completion(request: ChatRequest, message: Record<string, unknown>, finish: boolean): Record<string, unknown> {
  return {
    id: `chatcmpl-scripted-${Date.now()}`, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: request.model ?? 'scripted',
    choices: [{ index: 0, message, finish_reason: finish ? 'tool_calls' : 'stop' }], usage: USAGE,
  };
}

/**
 * The same answer as SSE chunks and [DONE]: the delta (its text a word per chunk with `byWord`), then the finish
 * reason with usage.
 */
function streamed(request: ChatRequest, message: Record<string, unknown>, finish: boolean, byWord: boolean): string[] {
  const base = { id: `chatcmpl-scripted-${Date.now()}`, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: request.model ?? 'scripted' };
  const calls = (message.tool_calls as Record<string, unknown>[] | undefined)?.map((c, index) => ({ index, ...c }));
  const text = message.content;
  const words = byWord && typeof text === 'string' ? text.split(/(?<= )/) : [text];
  const deltas: Record<string, unknown>[] = words.map((content, i) => ({ ...(i === 0 ? { role: 'assistant' } : {}), content }));
  if (calls) deltas[deltas.length - 1] = { ...deltas.at(-1), tool_calls: calls };
  const chunks = [
    ...deltas.map((delta) => ({ ...base, choices: [{ index: 0, delta, finish_reason: null }] })),
    { ...base, choices: [{ index: 0, delta: {}, finish_reason: finish ? 'tool_calls' : 'stop' }], usage: USAGE },
  ];
  return [...chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`), 'data: [DONE]\n\n'];
}

/** Writes the chunks `wordMs` apart (all at once without it). */
function writeChunks(res: http.ServerResponse, chunks: readonly string[], wordMs: number | undefined, timers: Set<NodeJS.Timeout>): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  if (!wordMs) { res.end(chunks.join('')); return; }
  const next = (i: number) => {
    if (i === chunks.length) { res.end(); return; }
    res.write(chunks[i]);
    const timer = setTimeout(() => { timers.delete(timer); next(i + 1); }, wordMs);
    timers.add(timer);
  };
  next(0);
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
      const { message, answered } = assistantMessage(request, options, finishMessage);
      const finish = answered !== 'text';
      requests.push({
        path, model: request.model, stream: request.stream === true, tools: (request.tools ?? []).map((t) => t.function?.name ?? ''), answered,
        ...(options.keepBodies ? { body: request, apiKey: /^Bearer (.*)$/.exec(req.headers.authorization ?? '')?.[1] } : {}),
      });
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (request.stream) writeChunks(res, streamed(request, message, finish, options.wordMs !== undefined), options.wordMs, timers);
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
