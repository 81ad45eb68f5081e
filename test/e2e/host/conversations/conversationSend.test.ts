// Start Conversation and Send File as Message, run as commands with the words passed as an argument (the input
// box they otherwise open is typed into by the UI scenarios), and the POST /api/conversations the server got.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { settledCount } from '../../../support/e2e/requests';
import { nextConversationRequest, serverWith, token } from '../../../support/host/conversationSupport';
import { folderOutsideGit, nestedRepo, removeNestedRepos, setUpstream, type TestRepo } from '../../../support/host/gitRepos';
import { contract, testingApi } from '../../../support/host/support';

describe('conversation sent from a file', function () {
  this.timeout(60_000);
  let gitlab: TestRepo;

  before(async () => {
    await serverWith({ github: token('github'), gitlab: token('gitlab') });
    // Pushed, on a provider the server has a token for: nothing to warn about, so nothing asks before sending.
    gitlab = nestedRepo('send', 'api', 'git@gitlab.com:acme/platform/backend/api.git', 'fix/login');
    setUpstream(gitlab);
  });
  after(removeNestedRepos);

  it('Start Conversation on a GitLab subgroup clone sends the full path, gitlab and the branch', async () => {
    const before = await settledCount(contract.requests);
    const id = await (await testingApi()).startConversation(gitlab.uri('src/widget.ts'), 'Fix the login redirect');
    const body = await nextConversationRequest(before);
    assert.equal(body.repository, 'acme/platform/backend/api');
    assert.equal(body.git_provider, 'gitlab');
    assert.equal(body.selected_branch, 'fix/login');
    assert.equal(body.initial_user_msg, 'Fix the login redirect');
    assert.match(id ?? '', /^[0-9a-f]{32}$/);
  });

  it('Send File as Message sends each selected file with its path and content after the words', async () => {
    const before = await settledCount(contract.requests);
    const files = [gitlab.uri('README.md'), gitlab.uri('src/widget.ts')];
    await (await testingApi()).sendFiles(files, 'Review these');
    const body = await nextConversationRequest(before);
    const readme = fs.readFileSync(files[0]!.fsPath, 'utf8');
    const widget = fs.readFileSync(files[1]!.fsPath, 'utf8');
    assert.equal(body.initial_user_msg, `Review these\n\nFile: README.md\n\`\`\`markdown\n${readme}\`\`\`\n\nFile: src/widget.ts\n\`\`\`typescript\n${widget}\`\`\``);
    assert.equal(body.repository, 'acme/platform/backend/api');
  });

  it('Send File as Message sends what the editor holds, unsaved changes included', async () => {
    const uri = gitlab.uri('src/widget.ts');
    const editor = await vscode.window.showTextDocument(uri);
    await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), '// unsaved line\n'));
    try {
      const before = await settledCount(contract.requests);
      await (await testingApi()).sendFiles([uri], '');
      const body = await nextConversationRequest(before);
      assert.match(body.initial_user_msg ?? '', /^File: src\/widget\.ts\n```typescript\n\/\/ unsaved line\nexport const widget/);
    } finally {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('from a folder without git sends no repository, provider or branch', async () => {
    // Outside the workspace: in code-server, adding a workspace folder to a one-folder window reloads it.
    const folder = folderOutsideGit();
    try {
      const file = path.join(folder, 'notes.md');
      fs.writeFileSync(file, '# notes\n\nsomething to do\n');
      const before = await settledCount(contract.requests);
      await (await testingApi()).sendFiles([vscode.Uri.file(file)], 'Turn into issues');
      const body = await nextConversationRequest(before);
      assert.deepEqual(Object.keys(body).filter((key) => ['repository', 'git_provider', 'selected_branch'].includes(key)), []);
      assert.equal(body.initial_user_msg, 'Turn into issues\n\nFile: notes.md\n```markdown\n# notes\n\nsomething to do\n```');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
