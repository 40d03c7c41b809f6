import { readdirSync, readFileSync, statSync } from 'node:fs';
import { posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/**
 * The layers point down (docs/decisions/0046-layers-point-down.md). This lists the imports that
 * point up; `npx tsx scripts/check-layers.ts` prints them, and scripts/check-layers.test.ts keeps
 * the list empty.
 */

/** The folders whose files import one another, read from the repository's root. */
const LAYERED_FOLDERS = ['server', 'db', 'domain', 'src', 'i18n'];

const CONTEXT = 'server/context.ts';

/** What a use case takes from context.ts: the context of one call, the `ctx` of `(ctx, input)`. */
const CALL_TYPES = new Set(['RequestContext', 'OperatorContext']);

/** Each file and the files it imports (relative imports, type-only ones included): madge's tree. */
export type ImportGraph = Record<string, string[]>;

export interface Imports {
  graph: ImportGraph;
  /** For each file that imports server/context.ts, the names it takes; `*` when not named one by one. */
  fromContext: Record<string, string[]>;
}

/**
 * Tests drive the app from above, through its adapters: so do the harness in server/testing/ and
 * the resilience suite's helpers in server/resilience/, which no running code imports.
 */
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || /^server\/(testing|resilience)\//.test(file);

/** `server/<noun>` for a file in a room of server/, else undefined (server's own files, other folders). */
function serverRoom(file: string): string | undefined {
  const parts = file.split('/');
  return parts[0] === 'server' && parts.length > 2 ? `server/${parts[1]}` : undefined;
}

const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() === true;

/** The file a relative import names, as TypeScript's bundler resolution finds it; the bare path when none. */
function resolveImport(root: string, from: string, specifier: string): string {
  const base = posix.join(posix.dirname(from), specifier);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ending) => base + ending).find((file) => isFile(posix.join(root, file))) ?? base;
}

/** Names imported or re-exported from `target`; `*` for a namespace import or a form with no names (`import()`). */
function namesImportedFrom(root: string, file: string, source: string, target: string): string[] {
  const statements = ts.createSourceFile(file, source, ts.ScriptTarget.Latest).statements;
  const names = statements.flatMap((statement) => {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) return [];
    const specifier = statement.moduleSpecifier;
    if (specifier === undefined || !ts.isStringLiteral(specifier) || resolveImport(root, file, specifier.text) !== target) return [];
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : statement.exportClause;
    if (bindings === undefined || ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings)) return ['*'];
    return bindings.elements.map((element) => (element.propertyName ?? element.name).text);
  });
  return names.length > 0 ? names : ['*'];
}

/**
 * Reads every TypeScript file of LAYERED_FOLDERS below `root`, and the files they import
 * elsewhere (scripts/, examples/), as madge does. TypeScript's own import scanner sees every
 * form: `import`, `import type`, `export … from`, `import()` and `require`.
 */
export function readImports(root = '.'): Imports {
  const pending = LAYERED_FOLDERS.flatMap((folder) =>
    readdirSync(posix.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => posix.join(folder, file.split('\\').join('/'))),
  );
  const graph: ImportGraph = {};
  const fromContext: Record<string, string[]> = {};
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (file in graph || !isFile(posix.join(root, file))) continue;
    const source = readFileSync(posix.join(root, file), 'utf8');
    const specifiers = ts.preProcessFile(source, true, true).importedFiles.map((imported) => imported.fileName);
    const targets = [...new Set(specifiers.filter((specifier) => specifier.startsWith('.')).map((specifier) => resolveImport(root, file, specifier)))];
    graph[file] = targets;
    pending.push(...targets);
    if (targets.includes(CONTEXT)) fromContext[file] = namesImportedFrom(root, file, source, CONTEXT);
  }
  return { graph, fromContext };
}

function importClosure(graph: ImportGraph, start: string): Set<string> {
  const reached = new Set<string>();
  const visit = (file: string) => {
    for (const target of graph[file] ?? []) {
      if (reached.has(target)) continue;
      reached.add(target);
      visit(target);
    }
  };
  visit(start);
  return reached;
}

/** The imports that point up a layer, one line each; empty when the layers point down. */
export function layerViolations({ graph, fromContext }: Imports): string[] {
  const builtInto = new Set([...importClosure(graph, CONTEXT)].map(serverRoom).filter((room) => room !== undefined));
  return Object.entries(graph).flatMap(([file, targets]) => {
    const room = serverRoom(file);
    const found: string[] = [];
    if (/^(db|domain)\//.test(file)) {
      found.push(...targets.filter((target) => /^(server|src)\//.test(target)).map((target) => `${file} → ${target}: db/ and domain/ import nothing from server/ or src/`));
    }
    if (room !== undefined && !isTest(file) && room !== 'server/trpc' && room !== 'server/rest') {
      found.push(...targets.filter((target) => /^server\/(trpc|rest)\//.test(target)).map((target) => `${file} → ${target}: a room of server/ is called by the adapters, never calls them`));
    }
    if (room !== undefined && !isTest(file) && builtInto.has(room)) {
      const services = (fromContext[file] ?? []).filter((name) => !CALL_TYPES.has(name));
      if (services.length > 0) found.push(`${file} → ${CONTEXT} (${services.join(', ')}): ${room} is one that context.ts is built from; it names the services it takes in its own type`);
    }
    return found;
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const violations = layerViolations(readImports());
  console.log(violations.length === 0 ? 'The layers point down.' : violations.join('\n'));
  process.exitCode = violations.length === 0 ? 0 : 1;
}
