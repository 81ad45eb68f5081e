// Which of the agent's changed files a build or a test run executes or reads as instructions: the manifests and
// lockfiles a package manager acts on (install scripts), build and CI scripts, tool configurations that are code,
// and test files. The first check of a conversation names them before the agent's code runs as the person.

const NAMES = new Set([
  // Package manifests and lockfiles: install and run scripts, and where packages come from.
  'package.json', 'package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', 'bun.lockb', 'bun.lock',
  '.npmrc', '.yarnrc', '.yarnrc.yml', 'cargo.toml', 'cargo.lock', 'go.mod', 'go.sum', 'pyproject.toml', 'setup.py', 'setup.cfg',
  'requirements.txt', 'poetry.lock', 'pipfile', 'pipfile.lock', 'uv.lock', 'gemfile', 'gemfile.lock', 'composer.json', 'composer.lock',
  'pom.xml', 'build.gradle', 'build.gradle.kts', 'settings.gradle', 'settings.gradle.kts', 'gradle.properties', 'build.sbt', 'mix.exs',
  // Build and task runners.
  'makefile', 'gnumakefile', 'cmakelists.txt', 'rakefile', 'justfile', 'taskfile.yml', 'build.xml', 'meson.build', 'build.rs', 'dockerfile',
  'tox.ini', 'noxfile.py', 'conftest.py', 'pytest.ini', 'jenkinsfile', '.gitlab-ci.yml', '.travis.yml', 'azure-pipelines.yml', 'tasks.json',
]);

/** Configuration files that are programs a build or test tool runs (jest.config.js, vite.config.ts, …). */
const CONFIG_CODE = /^(?:jest|vitest|vite|webpack|rollup|babel|esbuild|karma|playwright|cypress|mocha|eslint|prettier|tsup|gulpfile|gruntfile)(?:\.[\w-]+)*\.(?:js|cjs|mjs|ts|cts|mts|json)$|^\.(?:babelrc|mocharc|eslintrc)(?:\.\w+)?$|^tsconfig(?:\.[\w-]+)*\.json$|\.mk$/;
/** Test files of the common conventions. */
const TEST_FILE = /(?:\.|_)(?:test|spec)\.\w+$|^test_.+\.py$|_test\.(?:go|py|rb|exs)$|Tests?\.(?:java|kt|cs|swift)$/;
/** Folders whose files are tests, build or CI scripts. */
const FOLDER = /^(?:tests?|__tests__|spec|e2e|scripts|\.github|\.circleci|\.husky|\.buildkite|\.devcontainer|\.vscode|ci|build|tools)$/i;
/** Shell and other scripts a build calls. */
const SCRIPT = /\.(?:sh|bash|ps1|bat|cmd)$/i;

/** The changed paths (`/`-separated, relative to the repository) a build or test runs, in the order given. */
export function filesRunByBuilds(paths: readonly string[]): string[] {
  return paths.filter(runByBuilds);
}

export function runByBuilds(path: string): boolean {
  const parts = path.split('/');
  const name = parts[parts.length - 1] ?? '';
  const lower = name.toLowerCase();
  if (NAMES.has(lower) || /^requirements[\w.-]*\.txt$/.test(lower) || /^docker-compose[\w.-]*\.ya?ml$/.test(lower)) return true;
  if (CONFIG_CODE.test(lower) || TEST_FILE.test(name) || SCRIPT.test(name)) return true;
  return parts.slice(0, -1).some((folder) => FOLDER.test(folder));
}
