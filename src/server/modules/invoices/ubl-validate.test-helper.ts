import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/*
 * UBL 2.1 schema validation for tests (decision 036): xmllint compiled to WebAssembly
 * (xmllint-wasm: no native build, works offline) against the OASIS schemas copied into
 * tests/fixtures/ubl-2.1 (the repository's CI clone must not depend on ../shared).
 *
 * xmllint-wasm's validateXML starts a thread and compiles its 779 kB module for every document
 * (about 0.9 s of CPU each). One thread here keeps the module compiled for the whole run
 * (ubl-validate.worker.mjs, about 0.1 s a document); each document is still validated by a fresh
 * xmllint run, with xmllint-wasm's arguments: `--schema <main schema> --noout document.xml`
 * (decision 094).
 */

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../../../tests/fixtures/ubl-2.1/xsdrt');

let files: Promise<{ fileName: string; contents: string }[]> | null = null;
function schemaFiles() {
  files ??= (async () => {
    const out: { fileName: string; contents: string }[] = [];
    for (const dir of ['common', 'maindoc']) {
      for (const name of await readdir(path.join(ROOT, dir))) {
        out.push({ fileName: `xsdrt/${dir}/${name}`, contents: await readFile(path.join(ROOT, dir, name), 'utf8') });
      }
    }
    return out;
  })();
  return files;
}

interface Answer {
  id: number;
  exitCode: number;
  stderr: string;
}

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: (a: Answer) => void; reject: (e: unknown) => void }>();

function xmllint(job: { inputFiles: { fileName: string; contents: string }[]; args: string[] }): Promise<Answer> {
  if (!worker) {
    const script = createRequire(import.meta.url).resolve('xmllint-wasm/xmllint-node.js');
    worker = new Worker(path.join(HERE, 'ubl-validate.worker.mjs'), {
      workerData: { script, wasm: path.join(path.dirname(script), 'xmllint.wasm') },
    });
    // The thread stays for the next document but never keeps a test process alive.
    worker.unref();
    worker.on('message', (a: Answer) => {
      waiting.get(a.id)?.resolve(a);
      waiting.delete(a.id);
    });
    worker.on('error', (error) => {
      for (const w of waiting.values()) w.reject(error);
      waiting.clear();
      worker = null;
    });
  }
  const id = nextId++;
  const answer = new Promise<Answer>((resolve, reject) => waiting.set(id, { resolve, reject }));
  worker.postMessage({ id, ...job, initialMemory: 512, maxMemory: 4096 });
  return answer;
}

/** Validates a UBL Invoice or CreditNote; answers the schema errors ([] when valid). */
export async function ublSchemaErrors(xml: string): Promise<string[]> {
  const all = await schemaFiles();
  const main = xml.includes(':CreditNote-2"') ? 'xsdrt/maindoc/UBL-CreditNote-2.1.xsd' : 'xsdrt/maindoc/UBL-Invoice-2.1.xsd';
  const { exitCode, stderr } = await xmllint({
    inputFiles: [{ fileName: 'document.xml', contents: xml }, ...all],
    args: ['--schema', main, '--noout', 'document.xml'],
  });
  if (exitCode === 0) return [];
  // 3 and 4: the document did not parse or did not validate (xmllint's codes); anything else is xmllint failing.
  if (exitCode !== 3 && exitCode !== 4) throw new Error(`xmllint exited with ${exitCode}: ${stderr}`);
  // Its last line is "document.xml fails to validate"; the errors come before it.
  const errors = stderr.split('\n').filter((line) => line && !line.endsWith(' fails to validate'));
  return errors.length > 0 ? errors : [`xmllint exited with ${exitCode}`];
}
