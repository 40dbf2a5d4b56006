// npm test's first step: the type check and the linters at once (each keeps one of the two cores
// busy). Each one's output is printed whole when it ends, so the two never interleave.
import { spawn } from 'node:child_process';

const steps = ['typecheck', 'lint'];

function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n> npm run ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s\n${out}`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(steps.map(run));
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
