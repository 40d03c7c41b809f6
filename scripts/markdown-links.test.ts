import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenReason, githubSlug, headingAnchors, readText, relativeLinks, repositoryMarkdown } from './markdown-links';

const root = resolve(import.meta.dirname, '..');

describe('GitHub-style anchors', () => {
  it('drops punctuation, keeps letters of any script, and turns spaces into hyphens', () => {
    expect(githubSlug('Privacy (PDPA)')).toBe('privacy-pdpa');
    expect(githubSlug('Safe in the open: the defences, and what each costs')).toBe('safe-in-the-open-the-defences-and-what-each-costs');
    expect(githubSlug("The visitor's results")).toBe('the-visitors-results');
    expect(githubSlug('Saringan — kesihatan_mental')).toBe('saringan--kesihatan_mental');
  });

  it('numbers a repeated heading and ignores headings inside code', () => {
    const anchors = headingAnchors('# Set-up\n## Set-up\n```sh\n# not a heading\n```\n### Calling `GET /api/plan`');
    expect([...anchors]).toEqual(['set-up', 'set-up-1', 'calling-get-apiplan']);
  });
});

describe('relative links', () => {
  it('finds links and images, leaves other sites and code alone', () => {
    const links = relativeLinks('docs/a.md', '[b](b.md#x) ![shot](images/s.png) [site](https://example.com)\n`[code](nowhere.md)`\n```\n[fenced](nowhere.md)\n```');
    expect(links.map((link) => link.target)).toEqual(['b.md#x', 'images/s.png']);
  });

  it('names a missing file, a missing heading and a path out of the repository', () => {
    const reason = (target: string) => brokenReason(root, { file: 'docs/deployment.md', line: 1, target }, readText);
    expect(reason('decisions/0036-scale-out.md')).toBeUndefined();
    expect(reason('decisions/9999-none.md')).toBe('no such file');
    expect(reason('../README.md#run-it')).toBeUndefined();
    expect(reason('../README.md#no-such-section')).toBe('no such heading');
    expect(reason('../../shared/SPEC.md')).toBe('leaves the repository');
  });

  it('in README.md and docs/ all lead to a file and heading that exist', () => {
    const broken = repositoryMarkdown(root).flatMap((file) =>
      relativeLinks(file, readText(resolve(root, file))).flatMap((link) => {
        const reason = brokenReason(root, link, readText);
        return reason === undefined ? [] : [`${link.file}:${link.line} ${link.target}: ${reason}`];
      }),
    );
    expect(broken).toEqual([]);
  });
});
