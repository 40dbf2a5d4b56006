import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 25, decision 049: a service takes `ctx` (the request context, or a Pick of it) and one
// input object, not a long positional list; and it throws coded errors, so it takes no `lang`
// to build an error text. This reads every exported function of src/server/modules with the
// TypeScript compiler and names the ones that break either rule.
const SERVER = path.resolve('src/server');
const MODULES = path.join(SERVER, 'modules');

/** The most positional parameters an exported function may take. */
const MAX_PARAMS = 5;

/**
 * Files whose exported functions render content in a language and take `lang` for it: PDF
 * layouts (*.pdf.ts), e-mails (*mail*), presenters (*.present.ts) and spreadsheet exports
 * (*.exports.ts).
 */
const CONTENT_FILE = /(\.pdf|mail|\.present|\.exports)\.ts$/;

/**
 * Functions outside those files that take `lang` for content, not for errors: each names what
 * it renders. Anything else with a `lang` parameter is a service building an error text.
 */
const LANG_ALLOWED: Record<string, string> = {
  'auth/auth.service.ts:rememberLang': 'stores the language the user chose',
  'catalogue/categories.service.ts:listCategories': 'sorts by the title in the reader’s language',
  'catalogue/dishes.queries.ts:listDishes': 'sorts by the title in the reader’s language',
  'identity/company-sign-in.service.ts:startCompanySignIn': 'the identity provider’s sign-in page language (ui_locales)',
  'kitchen/kitchen.counts.ts:presentDishes': 'dish names on the kitchen display',
  'invoices/invoice-document.ts:shareText': 'an invoice line’s text (the PDF’s line and the UBL item) in the invoice’s language',
  'kitchen/kitchen.meeting-tickets.ts:meetingTickets': 'dish names on a meeting’s kitchen ticket',
  'kitchen/kitchen.meeting-tickets.ts:meetingTicketOrders': 'dish and option names of a meeting’s orders on the kitchen display',
  'dashboard/dashboard.ontime.ts:dashboardOnTime': 'the “no lap” row’s title in the reader’s language',
  'dashboard/dashboard.ontime.ts:onTimeCsv': 'the CSV’s column headings',
  'kitchen/kitchen.counts.ts:countDishes': 'dish names on the kitchen display',
  'kitchen/kitchen.counts.ts:countDay': 'dish names on the kitchen display (countDishes with its departure, decision 088)',
  'kitchen/kitchen.tickets.build.ts:buildTickets': 'dish names on the kitchen’s tickets, stops in the reader’s collation',
  'kitchen/kitchen.delivery.ts:deliveryOrder': 'sorts stops by their names in the reader’s collation',
  'kitchen/kitchen.read.ts:allergensHeading': 'the allergen heading of print-outs',
  'kitchen/kitchen.packing.ts:loadPacking': 'dish and allergen names of the packing sheet',
  'kitchen/kitchen.labels.facts.ts:lawFields': 'a label’s ingredients, traces and dates in the label’s language',
  'kitchen/kitchen.service.ts:allergenAlerts': 'allergen names',
  'invoices/invoices.ubl.ts:ublXml': 'the e-invoice’s line descriptions',
  'laps/laps.report.ts:loadReport': 'dish names of the lap report',
  'laps/laps.report.ts:handOverAllergens': 'allergens in words on the hand-over sheet',
  'laps/laps.cash.ts:dayCash': 'dish names of the day’s cash sheet',
  'laps/laps.driver.ts:driverToday': 'dish names of what the driver hands over at each stop',
  'orders/allergens.read.ts:namedAllergens': 'allergen names',
  'orders/allergens.read.ts:allergenListText': 'allergens in words',
  'orders/allergens.read.ts:lineAllergensText': 'allergens in words',
  'orders/allergens.read.ts:dishAllergenTexts': 'allergens in words',
  'waste/waste.documents.ts:wasteSummaryPdf': 'the waste summary’s headings and dish names',
  'waste/waste.documents.ts:wasteSummaryCsv': 'the waste summary’s headers and dish names',
  'teams/teams.report.ts:teamReportCsv': 'the team report’s headers and dish names',
  'teams/teams.report.ts:teamReportXlsx': 'the team report’s headers and dish names',
};

/** Functions still over MAX_PARAMS, each with the reason it stays so. */
const PARAMS_ALLOWED: Record<string, string> = {
  'ordering/ordering.users.ts:loadCustomerState': 'the order path’s one prepared query (decision 013), fed by place-order with its parts',
  'reminders/push.ts:sendPush': 'the one transport call to a push service; its parameters are the message’s parts, not a request’s',
};

interface Exported {
  /** module/file.ts:name */
  id: string;
  params: string[];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name);
    // module-boundaries.test.ts writes its lint probes (zz-probe-*) here for a moment while it
    // runs, possibly beside this file in the other Vitest worker: they are not the product's code.
    if (entry.name.startsWith('zz-probe-')) return [];
    if (entry.isDirectory()) return sourceFiles(at);
    return entry.name.endsWith('.ts') && !/\.test\.ts$|\.factories\.ts$/.test(entry.name) ? [at] : [];
  });
}

function exportedFunctions(file: string): Exported[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const rel = path.relative(MODULES, file).split(path.sep).join('/');
  const isExported = (node: ts.Node) => ts.getModifiers(node as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const names = (fn: ts.SignatureDeclarationBase) => fn.parameters.map((p) => p.name.getText(source));
  const found: Exported[] = [];
  for (const statement of source.statements) {
    if (!isExported(statement)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name)
      found.push({ id: `${rel}:${statement.name.text}`, params: names(statement) });
    if (ts.isVariableStatement(statement))
      for (const decl of statement.declarationList.declarations) {
        const init = decl.initializer;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
          found.push({ id: `${rel}:${decl.name.getText(source)}`, params: names(init) });
      }
  }
  return found;
}

const functions = sourceFiles(MODULES).flatMap(exportedFunctions);

/**
 * Where a server file builds an error from the request's language: a `throw`, `new AppError(…)` or
 * `fieldError(…)` whose texts read a `lang` (`req.lang`, `ctx.lang`, a `lang` variable) or a local
 * computed from one. Errors are thrown coded (`xText.coded('key')`) and translated at the edge.
 */
function errorsFromLang(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const rel = path.relative(SERVER, file).split(path.sep).join('/');
  // Every local with its scope (the block, loop or function it is declared in), to tell which
  // declaration a name reads: two `body` locals of two functions are two variables.
  const declarations: { name: string; init: ts.Expression; scope: ts.Node }[] = [];
  const collect = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      let scope: ts.Node = node.parent;
      while (!(
        ts.isBlock(scope) ||
        ts.isSourceFile(scope) ||
        ts.isIterationStatement(scope, false) ||
        ts.isCaseBlock(scope) ||
        ts.isFunctionLike(scope)
      ))
        scope = scope.parent;
      declarations.push({ name: node.name.text, init: node.initializer, scope });
    }
    ts.forEachChild(node, collect);
  };
  collect(source);
  const declarationOf = (id: ts.Identifier) =>
    declarations
      .filter((d) => d.name === id.text && d.scope.pos <= id.pos && id.end <= d.scope.end)
      .sort((a, b) => a.scope.end - a.scope.pos - (b.scope.end - b.scope.pos))[0];
  const tainted = new Set<(typeof declarations)[number]>();
  const readsLang = (node: ts.Node): boolean => {
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'lang') return true;
    if (ts.isIdentifier(node)) {
      const parent = node.parent;
      // A property's name (`{ lang: … }`; `x.lang` is caught above) is not a read of a variable.
      if (parent && (ts.isPropertyAssignment(parent) || ts.isPropertyAccessExpression(parent)) && parent.name === node) return false;
      const declaration = declarationOf(node);
      return node.text === 'lang' || (declaration !== undefined && tainted.has(declaration));
    }
    return ts.forEachChild(node, readsLang) ?? false;
  };
  // Locals computed from the language (`const text = xText(lang, 'key')`), until no new one appears.
  for (let grew = true; grew;) {
    grew = false;
    for (const d of declarations) {
      if (!tainted.has(d) && readsLang(d.init)) {
        tainted.add(d);
        grew = true;
      }
    }
  }
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const parts = ts.isThrowStatement(node)
      ? [node.expression]
      : ts.isNewExpression(node) && node.expression.getText(source) === 'AppError'
        ? [...(node.arguments ?? [])]
        : ts.isCallExpression(node) && node.expression.getText(source) === 'fieldError'
          ? [...node.arguments]
          : [];
    if (parts.some((part) => readsLang(part))) {
      found.push(`${rel}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('service shape (decision 049)', () => {
  it('finds the exported functions it judges', () => {
    expect(functions.length).toBeGreaterThan(200);
    expect(functions.map((f) => f.id)).toContain('teams/teams.service.ts:listTeam');
  });

  it(`takes ctx and one input object instead of more than ${MAX_PARAMS} positional parameters`, () => {
    const long = functions.filter((f) => f.params.length > MAX_PARAMS && !(f.id in PARAMS_ALLOWED));
    expect(long.map((f) => `${f.id}(${f.params.join(', ')})`)).toEqual([]);
  });

  it('takes no language for an error text: lang only where content is rendered', () => {
    const withLang = functions.filter((f) => f.params.includes('lang') && !CONTENT_FILE.test(f.id.split(':')[0]!));
    expect(withLang.map((f) => f.id).filter((id) => !(id in LANG_ALLOWED))).toEqual([]);
  });

  it('builds no error text from the request’s language: errors are thrown coded, translated at the edge', () => {
    expect(sourceFiles(SERVER).flatMap(errorsFromLang)).toEqual([]);
  });

  it('keeps the allowlists to functions that exist and still need them', () => {
    const byId = new Map(functions.map((f) => [f.id, f]));
    expect(Object.keys(LANG_ALLOWED).filter((id) => !byId.get(id)?.params.includes('lang'))).toEqual([]);
    expect(Object.keys(PARAMS_ALLOWED).filter((id) => (byId.get(id)?.params.length ?? 0) <= MAX_PARAMS)).toEqual([]);
  });
});
