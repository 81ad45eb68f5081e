// The scripted LLM answers chat completions as the OpenHands agent reads them (the real run is in the
// conformance suite, v1Finish.suite.ts): a finish call where the finish tool is offered, text otherwise.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { REAL_WORK_SCRIPT } from './script';
import { startScriptedLlm, type ScriptedLlm } from './scriptedLlm';

const TERMINAL = { type: 'function', function: { name: 'terminal', parameters: { type: 'object', properties: { command: { type: 'string' }, security_risk: { type: 'string' } } } } };
const EDITOR = { type: 'function', function: { name: 'file_editor', parameters: { type: 'object', properties: { command: { type: 'string' }, path: { type: 'string' }, security_risk: { type: 'string' } } } } };
const FINISH = { type: 'function', function: { name: 'finish', parameters: { type: 'object', properties: { message: { type: 'string' }, security_risk: { type: 'string' } } } } };
const THINK = { type: 'function', function: { name: 'think', parameters: { type: 'object', properties: { thought: { type: 'string' } } } } };

let llm: ScriptedLlm;
before(async () => { llm = await startScriptedLlm({ delayMs: 50, finishMessage: 'All done.' }); });
after(() => llm.close());

const chat = (body: unknown) => fetch(`${llm.baseUrl}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer sk-any' }, body: JSON.stringify(body) });

describe('scripted LLM', () => {
  it('calls finish when the agent offers it, with a security risk where the tool asks for one, after the delay', async () => {
    const started = Date.now();
    const answer = await (await chat({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], tools: [THINK, FINISH] })).json() as {
      object: string; choices: { message: { tool_calls: { type: string; function: { name: string; arguments: string } }[] }; finish_reason: string }[];
    };
    assert.ok(Date.now() - started >= 45);
    assert.equal(answer.object, 'chat.completion');
    assert.equal(answer.choices[0].finish_reason, 'tool_calls');
    const [call] = answer.choices[0].message.tool_calls;
    assert.deepEqual([call.type, call.function.name, JSON.parse(call.function.arguments)], ['function', 'finish', { message: 'All done.', security_risk: 'LOW' }]);
    assert.deepEqual(llm.requests.at(-1), { path: '/v1/chat/completions', model: 'gpt-4o', stream: false, tools: ['think', 'finish'], answered: 'finish' });
  });

  it('text without the finish tool; the same answer streamed as SSE chunks ending in [DONE]', async () => {
    const text = await (await chat({ model: 'gpt-4o', messages: [] })).json() as { choices: { message: { content: string } }[] };
    assert.equal(text.choices[0].message.content, 'All done.');
    const streamed = await (await chat({ model: 'gpt-4o', stream: true, messages: [], tools: [FINISH] })).text();
    const chunks = streamed.trim().split('\n\n');
    assert.equal(chunks.at(-1), 'data: [DONE]');
    const first = JSON.parse(chunks[0].slice(6)) as { choices: { delta: { tool_calls: { index: number; function: { name: string } }[] } }[] };
    assert.equal(first.choices[0].delta.tool_calls[0].function.name, 'finish');
    assert.equal((await fetch(`${llm.baseUrl}/models`)).status, 404);
  });
});

describe('scripted LLM keeping bodies', () => {
  it('keeps each request\'s body and the key of its Bearer header (the LLM key the agent was given)', async () => {
    const keeping = await startScriptedLlm({ keepBodies: true });
    try {
      const body = { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], tools: [FINISH] };
      await fetch(`${keeping.baseUrl}/chat/completions`, { method: 'POST', headers: { authorization: 'Bearer sk-stored-key' }, body: JSON.stringify(body) });
      await fetch(`${keeping.baseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify(body) });
      assert.deepEqual(keeping.requests.map((r) => [r.apiKey, r.body]), [['sk-stored-key', body], [undefined, body]]);
    } finally {
      await keeping.close();
    }
  });
});

describe('scripted LLM with a script', () => {
  let scripted: ScriptedLlm;
  before(async () => { scripted = await startScriptedLlm({ script: [...REAL_WORK_SCRIPT.slice(0, 2), { text: 'Nothing more.' }] }); });
  after(() => scripted.close());

  interface Answer { choices: { message: { content: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[] } }[] }
  const step = async (messages: unknown[]) => {
    const answer = await (await fetch(`${scripted.baseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify({ messages, tools: [TERMINAL, EDITOR, FINISH] }) })).json() as Answer;
    return answer.choices[0].message;
  };

  it('each step counted from the person\'s last message; paths made absolute from the terminal\'s working directory', async () => {
    const start = [{ role: 'system', content: 'S' }, { role: 'user', content: [{ type: 'text', text: 'go' }] }];
    const first = await step(start);
    assert.equal(first.content, 'First, where is the workspace?');
    assert.deepEqual([first.tool_calls?.[0].function.name, JSON.parse(first.tool_calls![0].function.arguments)], ['terminal', { command: 'pwd', security_risk: 'LOW' }]);
    const observed = [...start, { role: 'assistant', content: null, tool_calls: first.tool_calls },
      { role: 'tool', tool_call_id: first.tool_calls![0].id, content: [{ type: 'text', text: '/w/x\n[Current working directory: /w/x]' }] }];
    const second = await step(observed);
    const args = JSON.parse(second.tool_calls![0].function.arguments) as Record<string, unknown>;
    assert.deepEqual([second.tool_calls![0].function.name, args.command, args.path], ['file_editor', 'create', '/w/x/.gitignore']);
    const third = await step([...observed, { role: 'assistant', content: null, tool_calls: second.tool_calls }, { role: 'tool', content: 'ok' }]);
    assert.deepEqual([third.content, third.tool_calls], ['Nothing more.', undefined]);
    const afterEnd = await step([...observed, { role: 'assistant' }, { role: 'tool' }, { role: 'assistant' }, { role: 'tool' }]);
    assert.equal(afterEnd.tool_calls?.[0].function.name, 'finish', 'past its end the script finishes');
    const followUp = await step([...observed, { role: 'user', content: 'again' }]);
    assert.equal(followUp.tool_calls?.[0].function.name, 'terminal', 'a follow-up starts the script again');
    assert.deepEqual(scripted.requests.map((r) => r.answered), ['terminal', 'file_editor', 'text', 'finish', 'terminal']);
  });
});
