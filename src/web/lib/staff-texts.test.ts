import { expect, it } from 'vitest';
import { i18n, initI18n, loadNamespaces, NAMESPACES } from './i18n';

/** Every namespace on disk (the English files; locales.test.ts holds the languages to the same keys). */
const onDisk = Object.keys(import.meta.glob('../locales/en/*.json')).map((file) => /([^/]+)\.json$/.exec(file)![1]);

it("a staff namespace's texts load through the staff loaders' chunk, and every namespace is in one group (decision 090)", async () => {
  await initI18n('en', true);
  expect(NAMESPACES).toContain('ordering');
  expect(NAMESPACES).not.toContain('dashboard');
  expect(i18n.t('dashboard:title')).not.toBe('Sales and waste');

  await loadNamespaces(['dashboard']);
  expect(i18n.t('dashboard:title')).toBe('Sales and waste');
  expect([...NAMESPACES].sort()).toEqual(onDisk.sort());
});
