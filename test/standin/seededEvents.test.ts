// The stand-in's made-up conversations (POST /_test/conversations): a 5,000-event one, paged through both events
// searches as the real servers page (app server: offset page ids, TIMESTAMP_DESC; agent server: next_page_id the
// next event's id), and one of the constructed kinds no scripted run makes, served with their ids and links.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { constructedEvents } from '../support/standin/constructedKinds';
import { get, post, serve } from '../support/standin/testClient';

const KEY = { 'X-Session-API-Key': 'k' };
const json = <T>(text: string): T => JSON.parse(text) as T;

interface Conversation { id: string; conversation_url: string; session_api_key: string }
interface Event { id: string; kind: string; timestamp: string; action_id?: string; action?: { kind: string } | null; observation?: { kind: string } }
interface Page { items: Event[]; next_page_id: string | null }

async function seeded(url: string, options: Record<string, unknown>): Promise<Conversation> {
  const [id] = json<{ ids: string[] }>((await post(url, '/_test/conversations', JSON.stringify({ count: 1, messages: ['go'], ...options }))).text).ids;
  return json<Conversation[]>((await get(url, `/api/v1/app-conversations?ids=${id}`, KEY)).text)[0];
}

/** Every page of a search, from `path` (with its query) on; `pageIds` the page ids handed out, in order. */
async function walk(base: string, path: string, headers: Record<string, string>) {
  const events: Event[] = [];
  const pageIds: (string | null)[] = [];
  for (let pageId: string | null = null; ;) {
    const page: Page = json<Page>((await get(base, `${path}${pageId === null ? '' : `&page_id=${pageId}`}`, headers)).text);
    events.push(...page.items);
    pageIds.push(page.next_page_id);
    if (page.next_page_id === null) return { events, pageIds };
    pageId = page.next_page_id;
  }
}

describe('stand-in seeded events', () => {
  const v1 = serve({ api: 'v1', sessionApiKey: 'k', controlApi: true });

  it('a 5,000-event conversation pages through the app server: offsets, oldest first or TIMESTAMP_DESC', async () => {
    const c = await seeded(v1.url, { events: 5000 });
    const oldest = await walk(v1.url, `/api/v1/conversation/${c.id}/events/search?limit=100`, KEY);
    assert.equal(oldest.events.length, 5000);
    assert.equal(new Set(oldest.events.map((e) => e.id)).size, 5000);
    assert.deepEqual(oldest.pageIds.slice(0, 3), ['100', '200', '300']);
    assert.ok(oldest.events.every((e, i) => i === 0 || oldest.events[i - 1].timestamp < e.timestamp));
    const newest = await walk(v1.url, `/api/v1/conversation/${c.id}/events/search?limit=100&sort_order=TIMESTAMP_DESC`, KEY);
    assert.deepEqual(newest.events.map((e) => e.id), oldest.events.map((e) => e.id).reverse());
    assert.deepEqual(newest.events.slice(0, 2).map((e) => e.observation?.kind ?? e.action?.kind), ['FinishObservation', 'FinishAction']);
    const actions = new Set(oldest.events.filter((e) => e.kind === 'ActionEvent').map((e) => e.id));
    assert.ok(oldest.events.filter((e) => e.kind === 'ObservationEvent').every((e) => actions.has(e.action_id!)));
  });

  it('the same conversation pages through the agent server: next_page_id is the next event\'s id, either order', async () => {
    const c = await seeded(v1.url, { events: 5000 });
    const agent = { 'X-Session-API-Key': c.session_api_key };
    const oldest = await walk(c.conversation_url, '/events/search?limit=100', agent);
    assert.equal(oldest.events.length, 5000);
    assert.deepEqual(oldest.pageIds.slice(0, 2), [oldest.events[100].id, oldest.events[200].id]);
    const newest = await walk(c.conversation_url, '/events/search?limit=100&sort_order=TIMESTAMP_DESC', agent);
    assert.deepEqual(newest.events.map((e) => e.id), oldest.events.map((e) => e.id).reverse());
    assert.equal((await get(c.conversation_url, '/events/count', agent)).text, '5000');
  });

  it('the constructed kinds: served after the person\'s message with their ids, actions and observations linked', async () => {
    const c = await seeded(v1.url, { constructedKinds: true });
    const served = json<Page>((await get(v1.url, `/api/v1/conversation/${c.id}/events/search`, KEY)).text).items;
    const fixture = constructedEvents();
    assert.deepEqual(served.slice(2).map((e) => e.id), fixture.map((e) => e.id));
    const kinds = served.map((e) => e.observation?.kind ?? e.action?.kind ?? e.kind);
    for (const kind of ['BrowserNavigateAction', 'BrowserObservation', 'MCPToolAction', 'MCPToolObservation', 'Condensation', 'UserRejectObservation', 'AgentErrorEvent',
      'ThinkAction', 'ThinkObservation', 'TaskTrackerAction', 'TaskTrackerObservation', 'PauseEvent', 'ConversationErrorEvent', 'ConversationStateUpdateEvent',
      'TerminalObservation', 'FileEditorObservation', 'FinishAction', 'FinishObservation']) {
      assert.ok(kinds.includes(kind), kind);
    }
    const ids = new Set(served.map((e) => e.id));
    assert.ok(served.filter((e) => e.action_id).every((e) => ids.has(e.action_id!)));
  });

  it('the constructed kinds\' fixture says it is constructed, and names only kinds 1.11.0\'s schema has', () => {
    const file = json<{ _provenance: string }>(readFileSync('test/support/fixtures/openhands/constructed-kinds-1.11.0.json', 'utf8'));
    assert.match(file._provenance, /^CONSTRUCTED, not recorded/);
    const schemas = json<{ components: { schemas: Record<string, { oneOf?: { $ref: string }[] }> } }>(
      readFileSync('test/support/fixtures/openhands/recorded/openapi-1.11.0.json', 'utf8')).components.schemas;
    const eventKinds = new Set(schemas['Event-Output'].oneOf!.map((ref) => ref.$ref.replace(/^.*\/(\w+)-Output$/, '$1')));
    for (const event of constructedEvents() as Event[]) {
      assert.ok(eventKinds.has(event.kind), event.kind);
      for (const part of [event.action, event.observation]) if (part) assert.ok(`${part.kind}-Output` in schemas, part.kind);
    }
  });
});
