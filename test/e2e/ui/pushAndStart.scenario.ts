// Push and Start in a workspace whose remote is a real bare repository (bareRemote.ts): the pre-flight warning
// about a branch the remote lacks offers it beside Start Anyway and Start Without Repository; it pushes through
// VS Code's git extension with its own progress, setting the upstream when there is none, then starts the
// conversation on that branch. A push the remote rejects (it has a commit the clone lacks) says so with its
// actions and starts nothing; its Pull and Retry merges the remote's commit, pushes, and starts.
import * as assert from 'node:assert/strict';
import { scenario, type ScenarioContext } from '../harness/scenario';
import { bareRemoteRepo, openFolder, type BareRemoteRepo } from '../harness/ui/bareRemote';
import { answerDialog, answerInput, buttonsOf, clickButton, key, nextConversation, notification, setApiKey, storeSettings } from '../harness/ui/conversationSteps';
import { STANDIN_ACCEPTED_TOKEN_PREFIX } from '../../support/standin/providerTokenRoutes';

const MESSAGE = 'Finish the widget factory';

/** A server with settings and a github token, the key set, the workbench on `repo`; then Start Conversation up to the warning. */
async function startUpToWarning({ workbench, server, context }: ScenarioContext, repo: BareRemoteRepo): Promise<void> {
  await openFolder(workbench, repo.folder);
  await storeSettings(server, context);
  server.seedProviderTokens({ github: { token: key(context, 'github-token') } });
  await setApiKey(workbench, context);
  await workbench.runCommand('OpenHands: Start Conversation');
  const input = await answerInput(workbench, 'OpenHands: Start Conversation', MESSAGE);
  assert.equal(input.prompt.split('.')[0], `Repository: acme/widgets (GitHub) @ ${repo.branch}`, 'the github remote URL is read, not the bare path it is rewritten to');
}

async function pushedAndStarted(context: ScenarioContext, repo: BareRemoteRepo, from: number): Promise<void> {
  const { body } = await nextConversation(context.server, from);
  assert.equal(body.repository, 'acme/widgets');
  assert.equal(body.git_provider, 'github');
  assert.equal(body.selected_branch, repo.branch);
  assert.equal(repo.remoteRev(`refs/heads/${repo.branch}`), repo.git('rev-parse', 'HEAD'), 'the bare remote has the branch at the local HEAD');
  assert.equal(repo.git('rev-parse', '--abbrev-ref', `${repo.branch}@{upstream}`), `origin/${repo.branch}`);
  await notification(context.workbench, `conversation started — ${MESSAGE}`);
}

/** The pre-flight dialog's buttons, all of them sorted, and its primary one. */
async function dialogButtons(ctx: ScenarioContext): Promise<{ all: string[]; primary: string[] }> {
  const dialog = ctx.workbench.page.locator('.monaco-dialog-box');
  await dialog.waitFor({ state: 'visible', timeout: 30_000 });
  const texts = async (selector: string) => (await dialog.locator(selector).allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  return { all: (await texts('.dialog-buttons .monaco-button')).sort(), primary: await texts('.dialog-buttons .monaco-button:not(.secondary)') };
}

/** A server with settings and no provider token, the key set, the workbench on `repo`; then Start Conversation up to the warning. */
async function startWithoutToken(ctx: ScenarioContext, repo: BareRemoteRepo): Promise<void> {
  await openFolder(ctx.workbench, repo.folder);
  await storeSettings(ctx.server, ctx.context);
  await setApiKey(ctx.workbench, ctx.context);
  await ctx.workbench.runCommand('OpenHands: Start Conversation');
  await answerInput(ctx.workbench, 'OpenHands: Start Conversation', MESSAGE);
}

export default [
  scenario('no provider token on the server: Set Up GitHub Token first; a refused token says why, Try Again stores a good one, then Push and Start', async (ctx) => {
    const { workbench, server, context } = ctx;
    const repo = bareRemoteRepo(context, 'set-token', 'feature/set-token');
    await startWithoutToken(ctx, repo);
    const first = await dialogButtons(ctx);
    assert.deepEqual(first.all, ['Cancel', 'Set Up GitHub Token', 'Start Anyway', 'Start Without Repository'], 'no Push and Start: that start would fail');
    assert.deepEqual(first.primary, ['Set Up GitHub Token'], 'setting the token up is what makes the start work');
    const from = server.requests.length;
    const warning = await answerDialog(workbench, 'Set Up GitHub Token', 'no-token-warning');
    assert.match(warning, /The server has no GitHub token, so it cannot clone the repository\./);

    // The stand-in refuses a token without its prefix, as the real servers refuse one they cannot verify.
    const refused = key(context, 'refused-github-token');
    const asked = await answerInput(workbench, 'OpenHands: Set Up GitHub Token', refused, { password: true, shot: 'token-input' });
    assert.match(asked.prompt, /never shows it again/);
    const error = await notification(workbench, /did not store the GitHub token/);
    const said = await error.innerText();
    assert.match(said, /Invalid token\. Please make sure it is a valid github token\./);
    assert.match(said, /github\.com/);
    assert.ok(!said.includes(refused), 'the token is not shown');
    assert.deepEqual(await buttonsOf(error), ['Try Again', 'Start Without Repository']);
    await workbench.screenshot('token-refused');
    assert.equal(server.providerTokens()?.github, undefined, 'nothing stored');

    await clickButton(error, 'Try Again');
    const good = `${STANDIN_ACCEPTED_TOKEN_PREFIX}${key(context, 'github-token')}`;
    await answerInput(workbench, 'OpenHands: Set Up GitHub Token', good, { password: true });

    // The token in place, the branch the remote lacks is what is left: Push and Start is the primary now.
    const second = await dialogButtons(ctx);
    assert.deepEqual(second.all, ['Cancel', 'Push and Start', 'Start Anyway', 'Start Without Repository']);
    assert.deepEqual(second.primary, ['Push and Start']);
    assert.equal(server.providerTokens()?.github?.token, good);
    assert.deepEqual(server.requests.slice(from).filter((r) => r.method === 'POST').map((r) => r.path), ['/api/add-git-providers', '/api/add-git-providers']);
    await answerDialog(workbench, 'Push and Start', 'after-token');
    await pushedAndStarted(ctx, repo, from);
    await notification(workbench, 'OpenHands: the server stored the GitHub token.');
    await workbench.screenshot('result');
  }, { timeoutMs: 180_000 }),

  scenario('no provider token on the server: Start Without Repository from the warning starts without it, nothing pushed', async (ctx) => {
    const { workbench, server, context } = ctx;
    const repo = bareRemoteRepo(context, 'no-token', 'feature/no-token');
    await startWithoutToken(ctx, repo);
    const from = server.requests.length;
    const text = await answerDialog(workbench, 'Start Without Repository', 'no-token-warning');
    assert.match(text, /The server has no GitHub token, so it cannot clone the repository\./);
    const { body } = await nextConversation(server, from);
    assert.equal(body.repository, undefined, 'started without the repository');
    assert.equal(repo.remoteRev('refs/heads/feature/no-token'), undefined, 'nothing pushed');
    await notification(workbench, `conversation started — ${MESSAGE}`);
  }, { timeoutMs: 180_000 }),

  scenario('Push and Start a branch without upstream to a bare remote', async (ctx) => {
    const repo = bareRemoteRepo(ctx.context, 'no-upstream', 'feature/push', { pushDelaySeconds: 6 });
    await startUpToWarning(ctx, repo);
    const from = ctx.server.requests.length;
    const warning = await answerDialog(ctx.workbench, 'Push and Start', 'warning');
    assert.match(warning, /Branch feature\/push has no upstream/);
    assert.match(warning, /Push and Start pushes feature\/push to origin, setting it as the upstream, first\./);
    assert.match(warning, /Start Anyway/);
    assert.match(warning, /Start Without Repository/);

    // The bare repository's hook holds the push for a few seconds: the push's own progress shows meanwhile.
    const progress = await notification(ctx.workbench, 'OpenHands: pushing feature/push to origin (setting its upstream)');
    assert.deepEqual(await buttonsOf(progress), [], 'a push cannot be cancelled through the git API');
    assert.equal(repo.remoteRev('refs/heads/feature/push'), undefined, 'not pushed yet');
    assert.equal(ctx.server.requests.slice(from).filter((r) => r.path === '/api/conversations').length, 0, 'nothing started before the push');
    await ctx.workbench.screenshot('progress');

    await pushedAndStarted(ctx, repo, from);
    await ctx.workbench.screenshot('result');
  }, { timeoutMs: 180_000 }),

  scenario('Push and Start commits the bare remote lacks', async (ctx) => {
    const repo = bareRemoteRepo(ctx.context, 'ahead', 'feature/ahead');
    repo.git('push', '--quiet', '--set-upstream', 'origin', 'feature/ahead');
    repo.commit('CHANGES.md', 'Not pushed yet\n');
    const before = repo.remoteRev('refs/heads/feature/ahead');
    await startUpToWarning(ctx, repo);
    const from = ctx.server.requests.length;
    const warning = await answerDialog(ctx.workbench, 'Push and Start', 'warning');
    assert.match(warning, /Branch feature\/ahead has 1 commit not pushed/);
    assert.match(warning, /Push and Start pushes feature\/ahead to origin first\./);
    await pushedAndStarted(ctx, repo, from);
    assert.notEqual(repo.remoteRev('refs/heads/feature/ahead'), before);
    await ctx.workbench.screenshot('result');
  }, { timeoutMs: 180_000 }),

  scenario('Push and Start rejected by a bare remote that has diverged, then Pull and Retry', async (ctx) => {
    const repo = bareRemoteRepo(ctx.context, 'diverged', 'feature/diverged');
    repo.git('push', '--quiet', '--set-upstream', 'origin', 'feature/diverged');
    repo.commitElsewhere('THEIRS.md', 'Pushed by someone else\n');
    repo.commit('MINE.md', 'Only here\n');
    const theirs = repo.remoteRev('refs/heads/feature/diverged');
    await startUpToWarning(ctx, repo);
    const from = ctx.server.requests.length;
    await answerDialog(ctx.workbench, 'Push and Start');

    const error = await notification(ctx.workbench, /the push of feature\/diverged to origin was rejected/);
    const text = await error.innerText();
    assert.match(text, /the remote's feature\/diverged has commits your branch lacks\. Pull them, then push again/);
    assert.deepEqual(await buttonsOf(error), ['Pull and Retry', 'Start Anyway', 'Show Git Output']);
    await ctx.workbench.screenshot('rejected');
    assert.equal(repo.remoteRev('refs/heads/feature/diverged'), theirs, 'the remote keeps its own commit');
    // The flow waits on this notification: nothing can have been sent, and nothing is while it shows.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const started = ctx.server.requests.slice(from).filter((r) => r.method === 'POST' && r.path === '/api/conversations');
    assert.deepEqual(started, [], 'a rejected push starts nothing');

    // The person tells git how to reconcile (its default refuses divergent branches) and who they are, then
    // Pull and Retry merges the remote's commit, pushes, and starts with the message typed before.
    repo.git('config', 'pull.rebase', 'false');
    repo.git('config', 'user.name', 'E2E Tester');
    repo.git('config', 'user.email', 'e2e@example.invalid');
    await clickButton(error, 'Pull and Retry');
    await pushedAndStarted(ctx, repo, from);
    repo.git('merge-base', '--is-ancestor', theirs ?? 'missing', 'HEAD');
    await ctx.workbench.screenshot('pulled-and-started');
  }, { timeoutMs: 180_000 }),
];
