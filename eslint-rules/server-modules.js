import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/*
 * Server module boundaries (issue 25). A server module is a folder under src/server/modules/. A
 * file of module A may import from module B only B's public files: `*.read.ts` (read models) and
 * `*.service.ts` (services); never B's routes, messages or other internals. And modules import
 * each other in no circle. Tests, factories and `*.test-helper.ts` files are exempt.
 */

const MODULES = path.resolve('src/server/modules');
const EXEMPT = /(\.test\.ts|\.factories\.ts|\.test-helper\.ts)$/;
const PUBLIC = /\.(read|service)\.(ts|js)$/;
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The module a file belongs to ("ordering"), or null outside src/server/modules/<module>/. */
function moduleOf(file) {
  const rel = path.relative(MODULES, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

/** The file a relative import names (absolute, .js spelled as .ts), or null for a package. */
function target(from, spec) {
  if (!spec.startsWith('.')) return null;
  return path.resolve(path.dirname(from), spec).replace(/\.js$/, '.ts');
}

const key = (from, to) => `${path.relative(MODULES, from)} => ${path.relative(MODULES, to)}`;

/** The files a file's text imports from other modules (absolute paths). */
function crossImports(file, text) {
  const from = moduleOf(file);
  const out = [];
  for (const m of text.matchAll(IMPORT)) {
    const to = target(file, m[1] ?? m[2]);
    const tm = to && moduleOf(to);
    if (from && tm && tm !== from) out.push(to);
  }
  return out;
}

/**
 * Each file's cross-module imports as last read, by path, with the file's modification time: the
 * graph is made anew for every linted file that imports another module (a few hundred of them), and
 * reading and scanning every module file each time was most of this rule's cost (decision 084).
 * A file changed since (an editor's long-running ESLint) is read again.
 */
const scanned = new Map();

function crossImportsOnDisk(file) {
  const mtime = statSync(file).mtimeMs;
  const known = scanned.get(file);
  if (known && known.mtime === mtime) return known.imports;
  const imports = crossImports(file, readFileSync(file, 'utf8'));
  scanned.set(file, { mtime, imports });
  return imports;
}

/** Module edges from the files on disk (the linted file's own text stands for itself). */
function moduleGraph(current, currentText, allowed) {
  const edges = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts') && !EXEMPT.test(entry.name)) {
        const from = moduleOf(file);
        for (const to of file === current ? crossImports(file, currentText) : crossImportsOnDisk(file)) {
          const tm = moduleOf(to);
          if (allowed.has(key(file, to))) continue;
          if (!edges.has(from)) edges.set(from, new Map());
          if (!edges.get(from).has(tm)) edges.get(from).set(tm, key(file, to));
        }
      }
    }
  };
  if (statSync(MODULES, { throwIfNoEntry: false })) walk(MODULES);
  return edges;
}

/** The path of modules from `start` back to `goal`, or null. */
function pathBack(edges, start, goal) {
  const seen = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const m = queue.shift();
    if (m === goal) {
      const out = [];
      for (let at = m; at !== null; at = seen.get(at)) out.unshift(at);
      return out;
    }
    for (const next of edges.get(m)?.keys() ?? []) {
      if (seen.has(next)) continue;
      seen.set(next, m);
      queue.push(next);
    }
  }
  return null;
}

function importsOf(node) {
  const specs = [];
  for (const s of node.body) {
    if ((s.type === 'ImportDeclaration' || s.type === 'ExportNamedDeclaration' || s.type === 'ExportAllDeclaration') && s.source)
      specs.push({ node: s.source, spec: String(s.source.value) });
  }
  return specs;
}

const boundaries = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { allow: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: {
      internal:
        "Server module '{{from}}' imports '{{file}}', an internal file of module '{{to}}': import its *.read.ts or *.service.ts (or move what both need to src/server/lib).",
    },
  },
  create(context) {
    const file = context.filename;
    const from = moduleOf(file);
    if (!from || EXEMPT.test(file)) return {};
    const allowed = new Set(context.options[0]?.allow ?? []);
    return {
      Program(node) {
        for (const { node: source, spec } of importsOf(node)) {
          const to = target(file, spec);
          const tm = to && moduleOf(to);
          if (!tm || tm === from || PUBLIC.test(to) || allowed.has(key(file, to))) continue;
          context.report({ node: source, messageId: 'internal', data: { from, to: tm, file: path.relative(MODULES, to) } });
        }
      },
    };
  },
};

const noCircles = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { allow: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: { circle: 'Server modules import each other in a circle: {{path}} ({{edges}}).' },
  },
  create(context) {
    const file = context.filename;
    const from = moduleOf(file);
    if (!from || EXEMPT.test(file)) return {};
    const allowed = new Set(context.options[0]?.allow ?? []);
    return {
      Program(node) {
        let edges = null;
        for (const { node: source, spec } of importsOf(node)) {
          const to = target(file, spec);
          const tm = to && moduleOf(to);
          if (!tm || tm === from || allowed.has(key(file, to))) continue;
          edges ??= moduleGraph(file, context.sourceCode.text, allowed);
          const back = pathBack(edges, tm, from);
          if (!back) continue;
          const circle = [from, ...back];
          const via = circle.slice(0, -1).map((m, i) => edges.get(m)?.get(circle[i + 1]) ?? key(file, to));
          context.report({ node: source, messageId: 'circle', data: { path: circle.join(' -> '), edges: via.join('; ') } });
        }
      },
    };
  },
};

export default { rules: { boundaries, 'no-circles': noCircles } };
