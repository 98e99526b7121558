import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, checkTarget, headingSlug, relativeLinks } from './docs-anchors';
import { ROOT } from './route-table';
import { areaOf, rewrite, scan } from './spec-refs';

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(full);
    return e.name.endsWith('.md') ? [full] : [];
  });
}

describe('docs/: the product documentation', () => {
  it('has the index, the cross-cutting pages and one page per area', () => {
    const pages = markdownFiles(path.join(ROOT, 'docs')).map((f) => path.relative(ROOT, f));
    for (const page of ['README', 'architecture', 'roles', 'screens', 'security', 'errors', 'limits', 'contributing']) {
      expect(pages).toContain(`docs/${page}.md`);
    }
    for (const area of ['auth', 'users', 'tags', 'courses', 'board', 'seller-tools', 'resources', 'payments']) {
      expect(pages).toContain(`docs/areas/${area}.md`);
    }
    for (const area of ['banners', 'ai-toolkit', 'desktop']) expect(pages).toContain(`docs/areas/${area}.md`);
  });

  it('every relative link of docs/ and the README names an existing file and heading', () => {
    const problems: string[] = [];
    for (const file of [...markdownFiles(path.join(ROOT, 'docs')), path.join(ROOT, 'README.md')]) {
      for (const link of relativeLinks(fs.readFileSync(file, 'utf8'))) {
        const problem = checkTarget(file, link.target);
        if (problem) problems.push(`${path.relative(ROOT, file)}:${link.line}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('reads anchors as GitHub makes them, and reports a broken link', () => {
    expect(headingSlug('One request, top to bottom')).toBe('one-request-top-to-bottom');
    expect(headingSlug('Who may do `what`?')).toBe('who-may-do-what');
    expect([...anchorsOf('# A\n## Data\n```\n# not a heading\n```\n## Data\n')]).toEqual(['a', 'data', 'data-1']);
    const page = path.join(ROOT, 'docs', 'README.md');
    expect(checkTarget(page, 'roles.md#who-may-do-what')).toBeNull();
    expect(checkTarget(page, 'roles.md#no-such-heading')).toBe('no such heading: roles.md#no-such-heading');
    expect(checkTarget(page, 'nowhere.md')).toBe('no such file: nowhere.md');
  });
});

describe('spec-refs: citations of the product documents mapped to docs/', () => {
  it('maps every citation in the repository to a page and heading that exist', () => {
    const { missing } = scan();
    expect(missing.map((c) => `${c.file}:${c.line} ${c.text} -> ${c.targets.join(', ')}`)).toEqual([]);
  });

  it('finds the area of a file from its path', () => {
    expect(areaOf('api/src/features/board/positions.ts')).toBe('board');
    expect(areaOf('desktop/src/renderer/features/dashboard/Dashboard.tsx')).toBe('screens');
    expect(areaOf('desktop/src/renderer/features/users/UserDashboard.tsx')).toBe('users');
    expect(areaOf('shared/src/calc/additional-fees.ts')).toBe('seller-tools');
    expect(areaOf('desktop/src/main/security.ts')).toBe('desktop');
    expect(areaOf('knexfile.ts')).toBeNull();
  });

  it('rewrites a citation by section and area, lists of sections included, and leaves prose alone', () => {
    const text = [
      '/** Lists and cards (SPEC §2, §9). */',
      '// FORMULAS.md §2, D3; SPEC §5',
      "it('matches the SPEC matrix', () => {});",
      'const SPEC_REDIRECTS = {};',
    ].join('\n');
    const { text: out, citations } = rewrite('api/src/features/board/lists.ts', text);
    expect(out.split('\n')).toEqual([
      '/** Lists and cards (docs/areas/board.md#screens, docs/areas/board.md#limits). */',
      '// docs/areas/seller-tools.md#additional-fees; docs/areas/board.md#validation',
      "it('matches the SPEC matrix', () => {});",
      'const SPEC_REDIRECTS = {};',
    ]);
    expect(citations.map((c) => [c.line, c.text])).toEqual([
      [1, 'SPEC §2, §9'],
      [2, 'FORMULAS.md §2, D3'],
      [2, 'SPEC §5'],
    ]);
  });

  it('rewrites a section sign that continues a citation further on the line, and only then', () => {
    const { text } = rewrite('README.md', 'SPEC §2 (route, sidebar) and §9 differ.\nA lone §9 stays.');
    expect(text).toBe('docs/screens.md (route, sidebar) and docs/limits.md differ.\nA lone §9 stays.');
  });

  it('falls back to the cross-cutting page when the file has no area page', () => {
    const { text } = rewrite('shared/src/limits.ts', 'SPEC §9 and SPEC §8 and SPEC §6');
    expect(text).toBe('docs/limits.md and docs/errors.md and docs/roles.md#who-may-do-what');
  });
});
