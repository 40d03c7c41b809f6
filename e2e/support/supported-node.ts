import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The Node release the image runs: the Dockerfile's `ARG NODE_VERSION`. */
export function imageNodeVersion(): string {
  const version = /^ARG NODE_VERSION=(\d+\.\d+\.\d+)$/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1];
  if (!version) throw new Error('The Dockerfile names no NODE_VERSION=<major>.<minor>.<patch>');
  return version;
}

/**
 * When each LTS line stops getting security fixes (github.com/nodejs/release, "Release
 * schedule"). A line missing here, or past its date, fails the image's test: add the line's
 * date, or raise the Dockerfile's NODE_VERSION.
 */
const END_OF_LIFE: Record<number, string> = { 22: '2027-04-30', 24: '2028-04-30', 26: '2029-04-30' };

/** The last day `version`'s line gets security fixes, if this file knows it. */
export const endOfLife = (version: string): string | undefined => END_OF_LIFE[Number(version.split('.')[0])];

/** Unpacked binaries stay here between runs; `npm ci` empties it, as it does all of node_modules. */
const CACHE = resolve('node_modules/.cache/minda-node');

/**
 * The official `node` binary of `version` for this machine, from the npm registry's
 * `node-<platform>-<arch>` package, through npm's own client and cache. Not a dependency: that
 * package's `bin` is `node`, so installing it would put it before the machine's Node in every
 * npm script, and the rest of the suite (and better-sqlite3's build) would change Node with it.
 */
export function officialNodeBinary(version: string): string {
  const binary = join(CACHE, version, 'bin', 'node');
  if (existsSync(binary)) return binary;
  mkdirSync(CACHE, { recursive: true });
  const unpacking = mkdtempSync(join(CACHE, 'unpacking-'));
  try {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', `node-${process.platform}-${process.arch}@${version}`, '--pack-destination', unpacking, '--prefer-offline', '--json'], { encoding: 'utf8' }),
    ) as [{ filename: string }];
    execFileSync('tar', ['-xzf', join(unpacking, packed.filename), '-C', unpacking, 'package/bin/node']);
    // Moved whole once unpacked, so an interrupted run never leaves half a binary to reuse.
    renameSync(join(unpacking, 'package'), join(CACHE, version));
    return binary;
  } finally {
    rmSync(unpacking, { recursive: true, force: true });
  }
}
