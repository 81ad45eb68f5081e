// A click on the OpenHands item in the activity bar opens its side bar with the Settings view.
import * as assert from 'node:assert/strict';
import { scenario } from '../harness/scenario';

export default scenario('the OpenHands activity-bar item opens its Settings view', async ({ workbench }) => {
  const sideBar = await workbench.openActivityBarItem();
  // A container with one view shows it without a pane header, titled "<container>: <view>";
  // with several views each has a pane header.
  const titles = await sideBar.locator('.composite.title h2, .pane-header h3.title').allTextContents();
  assert.ok(
    titles.some((title) => /^(OpenHands: )?Settings$/i.test(title.trim())),
    `no Settings view in the side bar: ${JSON.stringify(titles)}`,
  );
});
