// npm run demo: packages the extension and compiles the harness with their output kept back (shown only when a
// step fails), then runs out/test/e2e/harness/demo.js, whose output is the demo's. Ctrl-C reaches the demo (same
// process group), which stops everything it started; this script then exits with its status.
import { spawn, spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const steps = [
  ['packaging the extension', ['run', '--silent', 'package']],
  ['compiling the test harness', ['run', '--silent', 'compile-tests']],
];

for (const [what, args] of steps) {
  const started = Date.now();
  process.stdout.write(`demo: ${what}… `);
  const result = spawnSync(npm, args, { encoding: 'utf8', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    process.stdout.write('failed\n');
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}

const demo = spawn(process.execPath, ['out/test/e2e/harness/demo.js', ...process.argv.slice(2)], { stdio: 'inherit' });
// Ctrl-C in the terminal reaches the demo itself; a signal sent to this script alone is passed on.
process.on('SIGINT', () => undefined);
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => demo.kill(signal));
demo.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
