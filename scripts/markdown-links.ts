import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** A relative link in a markdown file, as written, with the line it is on. */
export interface MarkdownLink {
  file: string;
  line: number;
  target: string;
}

/**
 * The anchor GitHub gives a heading (github-slugger's rule): lower case, punctuation dropped
 * (letters, digits, `_` and `-` stay, in any script), each space a hyphen.
 */
export function githubSlug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Fenced blocks and inline code hold examples, not links or headings. */
function withoutCode(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, (code) => code.slice(1, -1).replace(/[[\]()]/g, ' '));
  });
}

/** The anchors of a file's headings, a repeated heading numbered as GitHub does (`-1`, `-2`). */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutCode(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    // GitHub slugs the rendered text: of a link, its words alone.
    const slug = githubSlug(heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Inline links and images whose target is a path or an anchor, not another site. */
export function relativeLinks(file: string, markdown: string): MarkdownLink[] {
  return withoutCode(markdown).flatMap((text, index) =>
    [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
      .map((match) => match[1] ?? '')
      .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
      .map((target) => ({ file, line: index + 1, target })),
  );
}

/**
 * Why a link leads nowhere, or undefined when it resolves: its file (or folder) must exist inside
 * the repository, and its anchor must be a heading of the markdown file it names.
 */
export function brokenReason(root: string, link: MarkdownLink, read: (path: string) => string): string | undefined {
  const [path = '', anchor] = link.target.split('#', 2);
  const resolved = path === '' ? resolve(root, link.file) : resolve(root, dirname(link.file), decodeURIComponent(path));
  if (relative(root, resolved).startsWith('..')) return 'leaves the repository';
  if (!existsSync(resolved)) return 'no such file';
  if (anchor === undefined) return undefined;
  if (!resolved.endsWith('.md') || statSync(resolved).isDirectory()) return 'an anchor into a file that is not markdown';
  return headingAnchors(read(resolved)).has(decodeURIComponent(anchor)) ? undefined : 'no such heading';
}

/** README.md and every markdown file under docs/, as paths relative to the repository. */
export function repositoryMarkdown(root: string): string[] {
  const walk = (folder: string): string[] =>
    readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith('.md') ? [path] : [];
    });
  return ['README.md', ...walk('docs')];
}

export const readText = (path: string) => readFileSync(path, 'utf8');
