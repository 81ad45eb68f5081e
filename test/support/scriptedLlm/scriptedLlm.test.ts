// The scripted LLM answers chat completions as the OpenHands agent reads them (the real run is in the
// conformance suite, v1Finish.suite.ts): a finish call where the finish tool is offered, text otherwise.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startScriptedLlm, type ScriptedLlm } from './scriptedLlm';

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
