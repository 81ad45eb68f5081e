// Start Conversation and Send File as Message, run as commands with the words passed as an argument (the input
// box they otherwise open is typed into by the UI scenarios), and the start request the server got. Against both
// API lines' stand-ins (V0's POST /api/conversations, V1's POST /api/v1/app-conversations and its start task).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { settledCount } from '../../harness/requests';
import { nextConversationRequest, serverWith, token } from '../../harness/host/conversationSupport';
import { folderOutsideGit, nestedRepo, removeNestedRepos, setUpstream, type TestRepo } from '../../harness/host/gitRepos';
import { describeOnEachLine, testingApi } from '../../harness/host/support';
import { sentTarget } from '../../../support/startBodies';

describeOnEachLine('conversation sent from a file', (server) => {
  let gitlab: TestRepo;
  const sent = async (from: number) => sentTarget(await nextConversationRequest(from, server), server.line);

  before(async () => {
    await serverWith({ github: token('github'), gitlab: token('gitlab') }, server);
    // Pushed, on a provider the server has a token for: nothing to warn about, so nothing asks before sending.
    // A folder of its own per line: VS Code keeps a file's model across the runs, so the second line's clone at the
    // same path would meet the first one's editor state (its unsaved line, its save conflict) instead of a fresh file.
    gitlab = nestedRepo('send', `api-${server.line}`, 'git@gitlab.com:acme/platform/backend/api.git', 'fix/login');
    setUpstream(gitlab);
  });
  after(removeNestedRepos);

  it('Start Conversation on a GitLab subgroup clone sends the full path, gitlab and the branch', async () => {
    const before = await settledCount(server.requests);
    const id = await (await testingApi()).startConversation(gitlab.uri('src/widget.ts'), 'Fix the login redirect');
    assert.deepEqual(await sent(before), { repository: 'acme/platform/backend/api', provider: 'gitlab', branch: 'fix/login', message: 'Fix the login redirect' });
    assert.match(id ?? '', /^[0-9a-f]{32}$/);
  });

  it('Send File as Message sends each selected file with its path and content after the words', async () => {
    const before = await settledCount(server.requests);
    const files = [gitlab.uri('README.md'), gitlab.uri('src/widget.ts')];
    await (await testingApi()).sendFiles(files, 'Review these');
    const { message, repository } = await sent(before);
    const readme = fs.readFileSync(files[0]!.fsPath, 'utf8');
    const widget = fs.readFileSync(files[1]!.fsPath, 'utf8');
    assert.equal(message, `Review these\n\nFile: README.md\n\`\`\`markdown\n${readme}\`\`\`\n\nFile: src/widget.ts\n\`\`\`typescript\n${widget}\`\`\``);
    assert.equal(repository, 'acme/platform/backend/api');
  });

  it('Send File as Message sends what the editor holds, unsaved changes included', async () => {
    const uri = gitlab.uri('src/widget.ts');
    const editor = await vscode.window.showTextDocument(uri);
    await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), '// unsaved line\n'));
    try {
      const before = await settledCount(server.requests);
      await (await testingApi()).sendFiles([uri], '');
      assert.match(String((await sent(before)).message), /^File: src\/widget\.ts\n```typescript\n\/\/ unsaved line\nexport const widget/);
    } finally {
      // The send may have moved the focus: revert this document, not whatever is active now.
      await vscode.window.showTextDocument(editor.document);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('from a folder without git sends no repository, provider or branch', async () => {
    // Outside the workspace: in code-server, adding a workspace folder to a one-folder window reloads it.
    const folder = folderOutsideGit();
    try {
      const file = path.join(folder, 'notes.md');
      fs.writeFileSync(file, '# notes\n\nsomething to do\n');
      const before = await settledCount(server.requests);
      await (await testingApi()).sendFiles([vscode.Uri.file(file)], 'Turn into issues');
      const body = await nextConversationRequest(before, server);
      const targetKeys = ['repository', 'selected_repository', 'git_provider', 'selected_branch'];
      assert.deepEqual(Object.keys(body).filter((key) => targetKeys.includes(key)), []);
      assert.equal(sentTarget(body, server.line).message, 'Turn into issues\n\nFile: notes.md\n```markdown\n# notes\n\nsomething to do\n```');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
}, 60_000);
