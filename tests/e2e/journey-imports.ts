import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Modules a journey may take types from, never values: their `test` skips the fixture's scans. */
const PLAYWRIGHT = /^(@playwright\/test|playwright(-core)?(\/.*)?)$/;

/**
 * Decision 021: every journey (tests/e2e/*.e2e.ts) imports `test` from the journey fixture
 * (./a11y), which scans every page state with axe-core, and takes nothing but types from
 * Playwright. Answers one line per journey that does not; the global setup refuses to run then
 * (ESLint says the same while editing).
 */
export function journeyImportProblems(dir: string): string[] {
  const problems: string[] = [];
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.e2e.ts'))
    .sort()) {
    const source = ts.createSourceFile(name, readFileSync(path.join(dir, name), 'utf8'), ts.ScriptTarget.Latest, true);
    let fixtureTest = false;
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const from = node.moduleSpecifier.text;
        const clause = node.importClause;
        const bindings = clause?.namedBindings;
        const values =
          !clause || clause.isTypeOnly
            ? []
            : [
                ...(clause.name ? ['default'] : []),
                ...(bindings && ts.isNamespaceImport(bindings) ? ['* as ' + bindings.name.text] : []),
                ...(bindings && ts.isNamedImports(bindings)
                  ? bindings.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text)
                  : []),
              ];
        if (PLAYWRIGHT.test(from) && (values.length > 0 || !clause)) {
          problems.push(`${name}: imports ${values.join(', ') || 'a module'} from '${from}'; take test and expect from './a11y'`);
        }
        if (from === './a11y' && values.includes('test')) fixtureTest = true;
      } else if (
        ts.isCallExpression(node) &&
        (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
          (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0]) &&
        PLAYWRIGHT.test(node.arguments[0].text)
      ) {
        problems.push(`${name}: loads '${node.arguments[0].text}' at run time; take test and expect from './a11y'`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    if (!fixtureTest) problems.push(`${name}: does not import test from './a11y' (the journey fixture)`);
  }
  return problems;
}
