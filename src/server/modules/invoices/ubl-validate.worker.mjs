// The worker behind ubl-validate.test-helper.ts: xmllint (xmllint-wasm's WebAssembly build) kept
// compiled for the whole test run. Each job runs xmllint as its own program, as xmllint-wasm's own
// worker does (a new instance with its own memory and files, the same arguments), but the module
// is compiled once instead of once per document, and the thread is started once.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

// xmllint-wasm's Emscripten factory (CommonJS): each call runs xmllint once.
const Module = createRequire(import.meta.url)(workerData.script);
const compiled = new WebAssembly.Module(readFileSync(workerData.wasm));

parentPort.on('message', (job) => {
  // xmllint-wasm's own handler (loaded with the script) answers only its tagged messages.
  if (!job || job.id === undefined) return;
  let stdout = '';
  let stderr = '';
  Module({
    inputFiles: job.inputFiles,
    arguments: job.args,
    print: (text) => (stdout += `${text}\n`),
    printErr: (text) => (stderr += `${text}\n`),
    onExit: (exitCode) => parentPort.postMessage({ id: job.id, exitCode, stdout, stderr }),
    onAbort: (reason) => parentPort.postMessage({ id: job.id, exitCode: -1, stdout: '', stderr: `WASM Abort: ${reason}` }),
    wasmMemory: new WebAssembly.Memory({ initial: job.initialMemory, maximum: job.maxMemory }),
    instantiateWasm(imports, done) {
      WebAssembly.instantiate(compiled, imports).then((instance) => done(instance, compiled));
      return {};
    },
  });
});
