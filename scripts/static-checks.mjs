// npm test's first step: the type check, ESLint, Prettier and the journeys' web build at once.
// On two cores none of them keeps both busy on its own (the type check waits on one core, the
// linters on the other, the build in between), so together they take about as long as the
// slowest. The build is the one the journeys' servers would otherwise make while the browsers
// wait (scripts/build-web.mjs skips it when the build is newer than its sources). Each step's
// output is printed whole when it ends, so they never interleave.
import { spawn } from 'node:child_process';

const steps = [
  ['npm', ['run', '--silent', 'typecheck']],
  ['npx', ['eslint', '.']],
  // The build and Prettier at a lower priority: the type check is the longest single step, and
  // they fill the time a core would otherwise wait.
  ['nice', ['npx', 'prettier', '--check', '.', '--log-level', 'warn']],
  ['nice', ['node', 'scripts/build-web.mjs']],
];

function run([command, args]) {
  const name = `${command} ${args.join(' ')}`;
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n> ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s\n${out}`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(steps.map(run));
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
