import fs from 'node:fs';
import path from 'node:path';

/** Anchors and links of the Markdown pages under docs/, as GitHub renders them. */

/** GitHub's heading anchor: lower case, punctuation dropped, each space a hyphen. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (outside fenced code blocks), with GitHub's -1, -2 for repeats. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = headingSlug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

export interface DocLink {
  line: number;
  target: string;
}

/** The relative links `[text](target)` of a Markdown file, in-page anchors included; absolute URLs (https:, mailto:) are left out. */
export function relativeLinks(markdown: string): DocLink[] {
  const links: DocLink[] = [];
  let fenced = false;
  markdown.split('\n').forEach((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) return;
    for (const m of line.replace(/`[^`]*`/g, '').matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
      const target = m[1]!;
      if (!/^[a-z]+:/i.test(target)) links.push({ line: i + 1, target });
    }
  });
  return links;
}

/**
 * Whether `target` (a path relative to `fromFile`, with an optional #anchor) names an existing file
 * and, when it has one, an existing heading of it. Returns a problem, or null when it resolves.
 */
export function checkTarget(fromFile: string, target: string): string | null {
  const [file = '', anchor] = target.split('#');
  const resolved = file === '' ? fromFile : path.resolve(path.dirname(fromFile), file);
  if (!fs.existsSync(resolved)) return `no such file: ${target}`;
  if (anchor === undefined || anchor === '') return null;
  if (!resolved.endsWith('.md')) return null;
  return anchorsOf(fs.readFileSync(resolved, 'utf8')).has(anchor) ? null : `no such heading: ${target}`;
}
