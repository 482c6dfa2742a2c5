/**
 * The README and the manual in docs/ say only what is true of the repository: every `npm` command
 * they give runs a script package.json has, the scripts table of docs/running.md lists exactly
 * package.json's scripts, every link into docs/ (and the heading it names) leads somewhere, every
 * file they name exists, the settings tables are what `npm run docs:settings` writes, and the
 * README stays a five-minute read. Nothing but Node: no servers.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'vitest';
import { EVENTS_DOC, eventsPage } from '../../scripts/events-doc';
import { SETTINGS_DOC, withSettingsTables } from '../../scripts/settings-doc';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const README_MAX_LINES = 120;

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const PAGES = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string>; workspaces: string[] };
const SCRIPTS = new Set(Object.keys(packageJson.scripts));
/** npm's own commands, which run no script of ours (and `npm run` named without one). */
const NPM_COMMANDS = new Set(['install', 'ci', 'i', 'run']);

/** The code of a page: its fenced blocks and inline spans, where commands and file names are written. */
function codeOf(page: string): string[] {
  const fenced = [...page.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((match) => match[1]!);
  const outside = page.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
  const inline = [...outside.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
  return [...fenced, ...inline];
}

/** The scripts an `npm …` command runs: `npm run x`, or `npm start` and `npm test`. */
function scriptsRun(code: string): string[] {
  return [...code.matchAll(/\bnpm (run )?([a-z][\w:-]*)/g)].flatMap((match) => (!match[1] && NPM_COMMANDS.has(match[2]!) ? [] : [match[2]!]));
}

/** GitHub's anchor of a heading. */
function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\w\s-]/g, '').replace(/\s/g, '-');
}

function anchorsOf(page: string): Set<string> {
  return new Set([...page.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '').matchAll(/^#+ (.+)$/gm)].map((match) => slug(match[1]!)));
}

/** Rows of the tables whose header is exactly `header`, as their first cell's code. */
function tableKeys(page: string, header: string): string[] | undefined {
  const lines = page.split('\n');
  const start = lines.findIndex((line) => line.trim() === header);
  if (start < 0) return undefined;
  const keys: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const key = /^\| `([^`]+)` \|/.exec(line)?.[1];
    assert.ok(key, `a row of the table "${header}" does not start with a script in backticks: ${line}`);
    keys.push(key);
  }
  return keys;
}

/** The folders at the top of the repository that a file named in the docs may be under. */
const REPOSITORY_FOLDERS = new Set([...packageJson.workspaces.map((workspace) => workspace.split('/')[0]!), 'scripts', 'test', 'docs', 'k8s', 'proto', 'bench', 'infra', '.ci']);

describe('the README and docs/', () => {
  test(`the README is a five-minute read: at most ${README_MAX_LINES} lines`, () => {
    const lines = read('README.md').trimEnd().split('\n').length;
    assert.ok(lines <= README_MAX_LINES, `README.md has ${lines} lines; move the detail into docs/`);
  });

  test('every npm command they give runs a script package.json has', () => {
    const unknown = PAGES.flatMap((file) => codeOf(read(file)).flatMap(scriptsRun).filter((script) => !SCRIPTS.has(script)).map((script) => `${file}: npm ${script}`));
    assert.deepEqual(unknown, []);
    assert.ok(PAGES.some((file) => codeOf(read(file)).some((code) => code.includes('npm install && npm start'))), 'the two commands are given');
  });

  test('the scripts table of docs/running.md lists exactly the scripts of package.json', () => {
    const listed = tableKeys(read('docs/running.md'), '| script | what it does |');
    assert.ok(listed, 'docs/running.md has a table headed "| script | what it does |"');
    assert.equal(new Set(listed).size, listed.length, 'each script is listed once');
    assert.deepEqual(
      { missing: [...SCRIPTS].filter((script) => !listed.includes(script)), unknown: listed.filter((script) => !SCRIPTS.has(script)) },
      { missing: [], unknown: [] },
    );
  });

  test('every link to a page of docs/, and the heading it names, exists', () => {
    const broken: string[] = [];
    for (const file of PAGES) {
      for (const [, target] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [linked = '', anchor] = target!.split('#');
        const resolved = linked === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), linked));
        if (!existsSync(path.join(ROOT, resolved))) broken.push(`${file}: ${target} (no ${resolved})`);
        else if (anchor && resolved.endsWith('.md') && !anchorsOf(read(resolved)).has(anchor)) broken.push(`${file}: ${target} (no heading #${anchor} in ${resolved})`);
      }
    }
    assert.deepEqual(broken, []);
  });

  test('every file of the repository they name in backticks exists', () => {
    const missing = PAGES.flatMap((file) =>
      codeOf(read(file))
        .flatMap((code) => code.match(/(?<![\w@/.-])\.?[\w-]+(?:\/[\w.-]+)+\.[a-z]+\b/g) ?? [])
        .filter((named) => REPOSITORY_FOLDERS.has(named.split('/')[0]!) && !existsSync(path.join(ROOT, named)))
        .map((named) => `${file}: ${named}`),
    );
    assert.deepEqual(missing, []);
  });

  test('the settings tables of docs/configuration.md are what `npm run docs:settings` writes', () => {
    const page = readFileSync(SETTINGS_DOC, 'utf8');
    assert.ok(page === withSettingsTables(page), 'docs/configuration.md is out of date: run `npm run docs:settings`');
  });

  test('the event catalogue is what `npm run docs:events` writes', () => {
    assert.ok(readFileSync(EVENTS_DOC, 'utf8') === eventsPage(), 'docs/events.md is out of date: run `npm run docs:events`');
  });

  test('CI runs only scripts package.json has', () => {
    const run = read('.ci/run').split('\n').filter((line) => !line.trim().startsWith('#') && !line.includes('echo'));
    assert.deepEqual(run.flatMap(scriptsRun).filter((script) => !SCRIPTS.has(script)), []);
  });
});
