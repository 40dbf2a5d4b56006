import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/*
 * UBL 2.1 schema validation for tests (decision 036): xmllint compiled to WebAssembly (no native
 * build, works offline) against the OASIS schemas copied into tests/fixtures/ubl-2.1 (the
 * repository's CI clone must not depend on ../shared).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../tests/fixtures/ubl-2.1/xsdrt');

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

/** Validates a UBL Invoice or CreditNote; answers the schema errors ([] when valid). */
export async function ublSchemaErrors(xml: string): Promise<string[]> {
  const all = await schemaFiles();
  const main = xml.includes(':CreditNote-2"') ? 'xsdrt/maindoc/UBL-CreditNote-2.1.xsd' : 'xsdrt/maindoc/UBL-Invoice-2.1.xsd';
  const schema = all.find((f) => f.fileName === main)!;
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [schema],
    preload: all.filter((f) => f !== schema),
    initialMemoryPages: 512,
    maxMemoryPages: 4096,
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}
