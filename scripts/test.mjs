// `npm test`: every check that needs no OpenHands server, the independent ones side by side.
// Most steps keep one core busy (tsc, eslint, node's test runner at its default concurrency of cores - 1, a real
// VS Code whose UI scenarios mostly wait), so on CI's two cores two lanes run at once:
//   1. the three compiles: the model layers without `vscode` (the layer check), the webview, the tests (out/);
//   2. lint, the manifest check, the unit suites and the topology check, beside the build, the tools for the real
//      VS Code, then its extension-host suites beside its UI scenarios (each its own code-server), the package, the
//      scenarios of the installed VSIX.
// The unit suites passing beside a real VS Code at work is part of the point: a check that fails only under load is
// a defect. Each line is printed with its step's name; the end lists each step's time; any failure fails the run.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** One command, its output prefixed with its name; resolves with whether it passed. */
function step(name, command, args) {
  return { name, run: () => runCommand(name, command, args) };
}

const results = [];

function runCommand(name, command, args) {
  const started = Date.now();
  console.log(`[${name}] ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
    }
    child.on('error', (error) => console.log(`[${name}] ${String(error)}`));
    child.on('close', (code) => {
      const ok = code === 0;
      results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
      console.log(`[${name}] ${ok ? 'passed' : `failed (exit ${code})`} in ${Math.round((Date.now() - started) / 1000)} s`);
      resolve(ok);
    });
  });
}

/** Steps one after the other; stops at the first that fails. */
function inSeries(...steps) {
  return { run: async () => {
    for (const each of steps) if (!(await each.run())) return false;
    return true;
  } };
}

/** Steps at once; passes when every one passed (each runs to its end, so a failure is reported with the rest). */
function atOnce(...steps) {
  return { run: async () => (await Promise.all(steps.map((each) => each.run()))).every(Boolean) };
}

const npm = (name, script) => step(name, 'npm', ['run', '--silent', script]);
const harness = (name, ...args) => step(name, process.execPath, ['out/test/e2e/harness/main.js', ...args]);

const plan = inSeries(
  atOnce(
    step('types: model layers', 'npx', ['tsc', '-p', 'tsconfig.model.json']),
    step('types: webview', 'npx', ['tsc', '-p', 'webview']),
    npm('compile tests', 'compile-tests'),
  ),
  atOnce(
    inSeries(
      npm('lint', 'lint'),
      npm('manifest', 'check-commands'),
      step('unit', process.execPath, ['scripts/run-node-tests.mjs', 'unit']),
      step('topology', 'bash', ['scripts/topology.sh']),
    ),
    inSeries(
      npm('build', 'build'),
      harness('e2e tools', '--provision-only'),
      atOnce(harness('e2e host', '--only', 'host'), harness('e2e ui', '--only', 'ui')),
      npm('package', 'package'),
      harness('e2e vsix', '--vsix'),
    ),
  ),
);

const started = Date.now();
const passed = await plan.run();
console.log('== npm test: time per step (the lanes overlap)');
for (const { name, ok, seconds } of results) console.log(`${String(seconds).padStart(6)}s  ${ok ? '✔' : '✖'} ${name}`);
console.log(`${String(Math.round((Date.now() - started) / 1000)).padStart(6)}s  npm test ${passed ? 'passed' : 'failed'}`);
process.exit(passed ? 0 : 1);
