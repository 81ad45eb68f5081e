import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planPush, preflightChoices, pullFailure, pushFailure, pushPlanText, type PushPlan } from '../../../src/core/git/branchPush';

describe('planPush', () => {
  it('pushes a branch without upstream to the target remote, setting the upstream', () => {
    assert.deepEqual(planPush([{ kind: 'noUpstream', branch: 'topic' }], 'origin'), { remote: 'origin', branch: 'topic', setUpstream: true });
  });

  it('pushes unpushed commits without touching the upstream, also beside a token warning', () => {
    const warnings = [{ kind: 'unpushed', branch: 'fix/login', commits: 2 }, { kind: 'noProviderToken', provider: 'github' }] as const;
    assert.deepEqual(planPush(warnings, 'fork'), { remote: 'fork', branch: 'fix/login', setUpstream: false });
  });

  it('offers no push for a detached HEAD, a token warning alone, or a target without a remote', () => {
    assert.equal(planPush([{ kind: 'detached' }], 'origin'), undefined);
    assert.equal(planPush([{ kind: 'noProviderToken', provider: 'gitlab' }], 'origin'), undefined);
    assert.equal(planPush([{ kind: 'noUpstream', branch: 'topic' }], undefined), undefined);
    assert.equal(planPush([], 'origin'), undefined);
  });

  it('says what the push does, naming the upstream only when it sets one', () => {
    assert.equal(pushPlanText({ remote: 'origin', branch: 'topic', setUpstream: true }), 'Push and Start pushes topic to origin, setting it as the upstream, first.');
    assert.equal(pushPlanText({ remote: 'origin', branch: 'topic', setUpstream: false }), 'Push and Start pushes topic to origin first.');
  });
});

describe('preflightChoices', () => {
  const noUpstream = { kind: 'noUpstream', branch: 'feature/x' } as const;
  const noToken = { kind: 'noProviderToken', provider: 'github' } as const;

  it('offers Push and Start first when pushing the branch is what the start lacks', () => {
    assert.deepEqual(preflightChoices([noUpstream], 'origin', true), {
      push: { remote: 'origin', branch: 'feature/x', setUpstream: true }, actions: ['pushAndStart', 'startAnyway', 'startWithoutRepository'],
    });
  });

  it('without a provider token, on a server that stores tokens: setting it up first, then Start Without Repository; no Push and Start', () => {
    assert.deepEqual(preflightChoices([noUpstream, noToken], 'origin', true), { actions: ['setUpToken', 'startWithoutRepository', 'startAnyway'] });
    assert.deepEqual(preflightChoices([noToken], 'origin', true), { actions: ['setUpToken', 'startWithoutRepository', 'startAnyway'] });
  });

  it('without a provider token, on a server with no route to store one: Start Without Repository first, no Push and Start', () => {
    assert.deepEqual(preflightChoices([noUpstream, noToken], 'origin', false), { actions: ['startWithoutRepository', 'startAnyway'] });
    assert.deepEqual(preflightChoices([noToken], 'origin', false), { actions: ['startWithoutRepository', 'startAnyway'] });
  });

  it('nothing to push: Start Anyway first; a server that stores tokens changes nothing while it has the token', () => {
    assert.deepEqual(preflightChoices([{ kind: 'detached' }], 'origin', true), { actions: ['startAnyway', 'startWithoutRepository'] });
    assert.deepEqual(preflightChoices([noUpstream], undefined, false), { actions: ['startAnyway', 'startWithoutRepository'] });
  });
});

describe('preflightChoices with Send This Folder', () => {
  const noUpstream = { kind: 'noUpstream', branch: 'feature/x' } as const;
  const noToken = { kind: 'noProviderToken', provider: 'github' } as const;

  it('puts Send This Folder first where the server has no token, the branch is not pushed or the tree is not committed', () => {
    assert.deepEqual(preflightChoices([noUpstream, noToken], 'origin', true, true), { actions: ['sendFolder', 'setUpToken', 'startWithoutRepository', 'startAnyway'] });
    assert.deepEqual(preflightChoices([noUpstream], 'origin', false, true), {
      push: { remote: 'origin', branch: 'feature/x', setUpstream: true }, actions: ['sendFolder', 'pushAndStart', 'startAnyway', 'startWithoutRepository'],
    });
    assert.deepEqual(preflightChoices([{ kind: 'uncommitted' }], 'origin', false, true), { actions: ['sendFolder', 'startAnyway', 'startWithoutRepository'] });
  });

  it('a server that clones no repository: Send This Folder and Start Without Repository only, never Push and Start', () => {
    const none = { kind: 'serverClonesNone' } as const;
    assert.deepEqual(preflightChoices([none], 'origin', false, true), { actions: ['sendFolder', 'startWithoutRepository'] });
    assert.deepEqual(preflightChoices([noUpstream, none], 'origin', true, true), { actions: ['sendFolder', 'startWithoutRepository'] });
    assert.deepEqual(preflightChoices([none], 'origin', false, false), { actions: ['startWithoutRepository'] });
  });

  it('leaves it out where the line cannot take a folder', () => {
    assert.deepEqual(preflightChoices([{ kind: 'uncommitted' }], 'origin', false, false), { actions: ['startAnyway', 'startWithoutRepository'] });
  });
});

describe('pushFailure', () => {
  const plan: PushPlan = { remote: 'origin', branch: 'feature/x', setUpstream: false };
  // What git 2.39 writes for each case, as the git extension hands it over (GitError's gitErrorCode and stderr).
  const diverged = [
    'To /tmp/remote.git',
    ' ! [rejected]        feature/x -> feature/x (fetch first)',
    "error: failed to push some refs to '/tmp/remote.git'",
    'hint: Updates were rejected because the remote contains work that you do',
  ].join('\n');
  const protectedBranch = [
    'remote: error: GH006: Protected branch update failed for refs/heads/feature/x.',
    'To github.com:acme/widgets.git',
    ' ! [remote rejected] feature/x -> feature/x (protected branch hook declined)',
    "error: failed to push some refs to 'github.com:acme/widgets.git'",
  ].join('\n');

  it('a non-fast-forward rejection: pull and retry, or start on what the remote has', () => {
    const failure = pushFailure({ gitErrorCode: 'PushRejected', stderr: diverged }, plan);
    assert.equal(failure.kind, 'diverged');
    assert.match(failure.message, /push of feature\/x to origin was rejected: the remote's feature\/x has commits your branch lacks/);
    assert.deepEqual(failure.actions, ['pullAndRetry', 'startAnyway', 'showGitOutput']);
    assert.equal(pushFailure({ stderr: diverged.replace('fetch first', 'non-fast-forward') }, plan).kind, 'diverged', 'from stderr alone too');
    assert.equal(pushFailure({ gitErrorCode: 'PushRejected', stderr: diverged.replace(' (fetch first)', ' (stale info)') }, plan).kind, 'refused');
  });

  it('a branch without upstream meeting a different one of its name on the remote: no pull, it has nothing to pull from', () => {
    const failure = pushFailure({ gitErrorCode: 'PushRejected', stderr: diverged }, { ...plan, setUpstream: true });
    assert.equal(failure.kind, 'diverged');
    assert.match(failure.message, /has commits your branch lacks\. Merge the remote's feature\/x into yours, then Push and Start again, or start on the remote's feature\/x as it is\./);
    assert.deepEqual(failure.actions, ['startAnyway', 'startWithoutRepository', 'showGitOutput']);
  });

  it('a rejection by the remote itself names git\'s reason and offers no retry', () => {
    const failure = pushFailure({ gitErrorCode: 'PushRejected', stderr: protectedBranch }, plan);
    assert.equal(failure.kind, 'refused');
    assert.match(failure.message, /refused by the remote \(error: GH006: Protected branch update failed for refs\/heads\/feature\/x\)/);
    assert.deepEqual(failure.actions, ['startAnyway', 'startWithoutRepository', 'showGitOutput']);
  });

  it('missing credentials, by code or by git\'s words', () => {
    const https = pushFailure({ gitErrorCode: 'AuthenticationFailed', stderr: "fatal: Authentication failed for 'https://github.com/acme/widgets.git/'" }, plan);
    assert.equal(https.kind, 'credentials');
    assert.match(https.message, /git has no credentials that may push there \(Authentication failed for 'https:\/\/github.com\/acme\/widgets.git\/'\)\. Set up a credential helper/);
    assert.deepEqual(https.actions, ['retry', 'startAnyway', 'showGitOutput']);
    const token = pushFailure({ gitErrorCode: 'AuthenticationFailed', stderr: "fatal: Authentication failed for 'https://x-access-token:ghp_e2eSecret123@github.com/acme/widgets.git/'" }, plan);
    assert.doesNotMatch(token.message, /ghp_e2eSecret123|x-access-token/, 'a token in the remote URL is not shown');
    assert.match(token.message, /https:\/\/\*\*\*@github.com\/acme\/widgets.git/);
    const prompt = "fatal: could not read Username for 'https://github.com': terminal prompts disabled";
    assert.equal(pushFailure({ stderr: prompt }, plan).kind, 'credentials');
    const ssh = 'git@github.com: Permission denied (publickey).\r\nfatal: Could not read from remote repository.';
    assert.equal(pushFailure({ gitErrorCode: 'PermissionDenied', stderr: ssh }, plan).kind, 'credentials', 'not taken for an unreachable remote');
  });

  it('a remote that is not there', () => {
    const stderr = "fatal: '/gone/remote.git' does not appear to be a git repository\nfatal: Could not read from remote repository.";
    const failure = pushFailure({ gitErrorCode: 'RemoteConnectionError', stderr }, plan);
    assert.equal(failure.kind, 'unreachable');
    assert.match(failure.message, /git cannot reach the remote origin \('\/gone\/remote.git' does not appear to be a git repository\)\. Check its URL/);
    assert.deepEqual(failure.actions, ['retry', 'startWithoutRepository', 'showGitOutput']);
    assert.equal(pushFailure({ gitErrorCode: 'NoRemoteRepositorySpecified' }, plan).kind, 'unreachable');
    assert.equal(pushFailure({ stderr: 'fatal: unable to access \'https://git.example.test/x.git/\': Could not resolve host: git.example.test' }, plan).kind, 'unreachable');
  });

  it('anything else keeps git\'s first reason, else the error message', () => {
    const stderr = "error: src refspec feature/x does not match any\nerror: failed to push some refs to 'github.com:acme/widgets.git'";
    const hook = pushFailure({ gitErrorCode: 'PushRejected', stderr }, plan);
    assert.equal(hook.kind, 'failed');
    assert.equal(hook.message, 'OpenHands: the push of feature/x to origin failed: src refspec feature/x does not match any. See the Git output, then Retry Push.');
    assert.deepEqual(hook.actions, ['retry', 'startAnyway', 'showGitOutput']);
    assert.match(pushFailure({ message: 'Git: spawn git ENOENT' }, plan).message, /failed: Git: spawn git ENOENT\./);
    assert.match(pushFailure({}, plan).message, /failed: no reason given\./);
  });
});

describe('pullFailure', () => {
  it('names git\'s reason and where to finish, then Retry Push', () => {
    const stderr = 'hint: You have divergent branches and need to specify how to reconcile them.\nfatal: Need to specify how to reconcile divergent branches.';
    const failure = pullFailure({ gitErrorCode: undefined, stderr }, { remote: 'origin', branch: 'feature/x', setUpstream: false });
    assert.equal(failure.kind, 'pullFailed');
    assert.equal(failure.message, 'OpenHands: pulling feature/x from origin failed (Need to specify how to reconcile divergent branches). Finish it in Source Control (resolve the conflicts, or merge or rebase), then Retry Push.');
    assert.deepEqual(failure.actions, ['retry', 'startAnyway', 'showGitOutput']);
  });
});
