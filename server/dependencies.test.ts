import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CODE_FOLDERS = ['src', 'i18n', 'server', 'db', 'domain', 'scripts'];

interface PackageJson {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const readPackage = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as PackageJson;

function codeFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(folder, file));
}

/** The packages a source file imports, by name ('@scope/name' or 'name'), subpaths included. */
function importedPackages(source: string): string[] {
  const specifiers = [...source.matchAll(/(?:from\s+|import\s*\(\s*)'([^'.][^']*)'/g)].map((match) => match[1]!);
  return specifiers.map((specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
}

describe('package.json', () => {
  // Every runtime dependency is shipped in the production image and audited; an unused one is
  // only attack surface (issue 11: @fastify/rate-limit was installed and never registered).
  it('lists only runtime dependencies that the code imports, or that an imported one needs as a peer', () => {
    const dependencies = Object.keys(readPackage('package.json').dependencies ?? {});
    const imported = new Set(CODE_FOLDERS.flatMap(codeFiles).flatMap((file) => importedPackages(readFileSync(file, 'utf8'))));
    const peersOfImported = new Set(
      dependencies
        .filter((name) => imported.has(name))
        .flatMap((name) => Object.keys(readPackage(join('node_modules', name, 'package.json')).peerDependencies ?? {})),
    );
    expect(dependencies.filter((name) => !imported.has(name) && !peersOfImported.has(name))).toEqual([]);
  });
});
