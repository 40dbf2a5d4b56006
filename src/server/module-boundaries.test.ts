import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 25: lint refuses a server module importing another module's internals, and circles
// between modules (eslint-rules/server-modules.js). Probe modules are written into
// src/server/modules (the rules apply there only) and removed afterwards.
const MODULES = path.resolve('src/server/modules');
const tag = `zz-probe-${process.pid}-${Date.now()}`;
const dirs: string[] = [];

function probe(module: string, file: string, text: string): string {
  const dir = path.join(MODULES, `${tag}-${module}`);
  mkdirSync(dir, { recursive: true });
  if (!dirs.includes(dir)) dirs.push(dir);
  const at = path.join(dir, file);
  writeFileSync(at, text);
  return at;
}

async function serverRuleMessages(file: string) {
  const [result] = await new ESLint({ cwd: process.cwd() }).lintFiles([file]);
  return result!.messages.filter((m) => m.ruleId?.startsWith('server/'));
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('server module boundaries (lint)', () => {
  it("refuses an import of another module's internal file", async () => {
    const file = probe(
      'inside',
      'probe.ts',
      "import { teamsText } from '../teams/teams.messages.js';\n\nexport const probe = teamsText;\n",
    );
    const messages = await serverRuleMessages(file);
    expect(messages.map((m) => m.ruleId)).toEqual(['server/boundaries']);
    expect(messages[0]!.message).toContain("imports 'teams/teams.messages.ts', an internal file of module 'teams'");
  }, 120_000);

  it('refuses a circle between modules and names its path', async () => {
    const a = probe('a', 'a.service.ts', `import { b } from '../${tag}-b/b.service.js';\n\nexport const a = () => b;\n`);
    probe('b', 'b.service.ts', `import { a } from '../${tag}-a/a.service.js';\n\nexport const b = () => a;\n`);
    const messages = await serverRuleMessages(a);
    expect(messages.map((m) => m.ruleId)).toEqual(['server/no-circles']);
    expect(messages[0]!.message).toContain(`${tag}-a -> ${tag}-b -> ${tag}-a`);
  }, 120_000);

  it("accepts an import of another module's service or read model", async () => {
    const file = probe(
      'clean',
      'probe.ts',
      "import { listTeam } from '../teams/teams.service.js';\nimport { countDishes } from '../kitchen/kitchen.read.js';\n\nexport const probe = [listTeam, countDishes];\n",
    );
    expect(await serverRuleMessages(file)).toEqual([]);
  }, 120_000);
});
