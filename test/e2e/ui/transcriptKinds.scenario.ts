// The constructed kinds (issue 31 item 3): one conversation whose events (constructed-kinds-1.11.0.json, built with
// OpenHands 1.11.0's own models) make every kind of transcript item, opened from its row: each shown in order, with
// what tells it apart (the command and its exit code, the diff's lines, the rejection and its risk, the error's code).
// A result or a rejection whose action is not in the transcript shows only at a page's edge (transcriptOlder).
import * as assert from 'node:assert/strict';
import { scenario } from '../harness/scenario';
import { setApiKey } from '../harness/ui/conversationSteps';
import { openNewestFromRow } from '../harness/ui/transcriptSteps';

/** Each item: its title, then texts it shows. */
const EXPECTED: readonly (readonly [string, ...string[]])[] = [
  ['You', 'Read the release notes page and tell me what changed.'],
  ['State: running'],
  ['Thinking', 'The person wants a summary.', 'Start with the release notes page.'],
  ['Agent', 'I will open the release notes, then fetch the changelog through the MCP server.'],
  ['Thinking', 'Navigate first; read the page content next.', 'browser_navigate takes a URL.'],
  ['Browsed', 'Opening the release notes.', 'https://example.com/releases', '- Faster startup'],
  ['Called the MCP tool fetch', '{"url":"https://example.com/CHANGELOG.md"}', '- Fewer requests'],
  ['History condensed', 'The agent opened the release notes page: 1.11.0 brings faster startup.'],
  ['Ran a command (rejected)', 'rm -rf build', 'Risk: HIGH', 'Rejected: Keep the build folder.'],
  ['Error', 'Tool \'browser_click\' not found.'],
  ['Ran a command', 'git log --oneline -1', 'a1b2c3d Release 1.11.0', 'Exit code 0'],
  ['Ran a command (failed)', 'ls build', 'No such file or directory', 'Exit code 2'],
  ['Thinking', 'The build folder is gone; the notes file is the place for the summary.'],
  ['Viewed README.md', '# Widgets', 'See NOTES.md.'],
  ['Created NOTES.md', '+3 −0'],
  ['Edited NOTES.md', '+1 −0'],
  ['Called the tool task_tracker', '"title":"Write NOTES.md"', 'Task list has been updated with 2 items.'],
  ['Event of kind PauseEvent'],
  ['Error LLMBadRequestError', 'litellm.BadRequestError: the model answered 400 (constructed).'],
  ['Finished', 'Summarised the release in NOTES.md.'],
  ['Agent', '1.11.0 brings faster startup and fewer requests.'],
];

interface Shown { readonly title: string; readonly text: string; readonly failed: boolean; readonly added: string[]; readonly removed: string[] }

export default scenario('the transcript tab shows every kind of item a 1.11.0 conversation makes, each with what tells it apart', async ({ workbench, server, context }) => {
  server.seedConversations(1, { constructedKinds: true });
  await setApiKey(workbench, context);
  const frame = await openNewestFromRow(workbench, server);
  await frame.locator('article', { hasText: '1.11.0 brings faster startup and fewer requests.' }).waitFor({ timeout: 30_000 });
  // Read in the page itself (a string: the tests compile without the DOM's types).
  const shown = await frame.evaluate(`[...document.querySelectorAll('main.log article')].map((a) => ({
    title: a.querySelector('.title').textContent, text: a.innerText, failed: a.classList.contains('failed'),
    added: [...a.querySelectorAll('.diff .added')].map((s) => s.textContent), removed: [...a.querySelectorAll('.diff .removed')].map((s) => s.textContent),
  }))`) as Shown[];
  assert.deepEqual(shown.map((item) => item.title), EXPECTED.map(([title]) => title));
  EXPECTED.forEach(([title, ...texts], i) => {
    for (const text of texts) assert.ok(shown[i]!.text.includes(text), `${title}: ${JSON.stringify(text)} in ${JSON.stringify(shown[i]!.text)}`);
  });
  const failed = shown.flatMap((item) => (item.failed ? [item.title] : []));
  assert.deepEqual(failed, ['Ran a command (rejected)', 'Error', 'Ran a command (failed)', 'Error LLMBadRequestError']);
  const created = shown.find((item) => item.title === 'Created NOTES.md')!;
  assert.deepEqual(created.added, ['+# Notes\n', '+\n', '+- 1.11.0: faster startup\n']);
  const edited = shown.find((item) => item.title === 'Edited NOTES.md')!;
  assert.deepEqual([edited.added, edited.removed], [['+- 1.11.0: fewer requests\n'], []]);

  for (const [title, name] of [['Browsed', 'top'], ['Ran a command (failed)', 'middle'], ['Edited NOTES.md', 'bottom']] as const) {
    await frame.locator('article', { has: frame.locator('.title', { hasText: title }) }).first().scrollIntoViewIfNeeded();
    await workbench.screenshot(`transcript-kinds-${name}`);
  }
}, { line: 'v1', timeoutMs: 90_000 });
