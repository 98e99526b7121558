import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { anchorsOf } from './docs-anchors';
import { ROOT } from './route-table';

/**
 * `npm run docs:spec-refs [-- --write]`: code that cites a section of the team's product documents
 * (SPEC, FORMULAS, SECURITY, ARCHITECTURE; a section sign and its number), which are not part of the
 * repository. This maps each citation to the page and heading of docs/ that covers it, from the
 * section number and the area of the file it is in (SPEC's section 2 in the board's code is the
 * board page's Screens section), checks
 * that every target exists, and with --write replaces the citations in place.
 */

export type Area =
  | 'auth'
  | 'users'
  | 'tags'
  | 'uploads'
  | 'board'
  | 'courses'
  | 'seller-tools'
  | 'resources'
  | 'payments'
  | 'banners'
  | 'ai-toolkit'
  | 'desktop'
  | 'screens'
  | 'roles'
  | 'progress';

/** The area of a file, from its path; the first pattern that matches wins. */
const AREA_PATTERNS: ReadonlyArray<readonly [RegExp, Area]> = [
  [/^desktop\/src\/(main|preload|shared-ipc)\/|e2e-electron|desktop-shell|^electron-builder/, 'desktop'],
  [/ai-tool|aitool/i, 'ai-toolkit'],
  [/uploads?\/|upload\.|sniff|adapters\/storage/, 'uploads'],
  [/calc\/progress/, 'progress'],
  [/(?<!dash)board|move-the-needle|mtn|mention/i, 'board'],
  [/course|lesson|module/i, 'courses'],
  [
    /product|qualifier|calc\/(profit|additional-fees|round|properties|fees|ppc|reorder)|fee-rate|features\/fees/i,
    'seller-tools',
  ],
  [/resource|categor/i, 'resources'],
  [/payment|stripe|purchase|webhook|subscription/i, 'payments'],
  [/banner/i, 'banners'],
  [/features\/users\/|\busers?[-.]|user-admin|user-csv|profile|types\/index\.ts$/, 'users'],
  [/tags?[/.]|tag-management/i, 'tags'],
  [/auth|sign-?in|sign-?up|session|password/i, 'auth'],
  [/dashboard|shell|sidebar|policies\/routes|app\/routes|guard\.spec/i, 'screens'],
  [/policies\/(principal|actions|index)/, 'roles'],
];

export function areaOf(file: string): Area | null {
  return AREA_PATTERNS.find(([re]) => re.test(file))?.[1] ?? null;
}

const AREA_PAGES: Partial<Record<Area, string>> = {
  auth: 'docs/areas/auth.md',
  users: 'docs/areas/users.md',
  tags: 'docs/areas/tags.md',
  board: 'docs/areas/board.md',
  courses: 'docs/areas/courses.md',
  'seller-tools': 'docs/areas/seller-tools.md',
  resources: 'docs/areas/resources.md',
  payments: 'docs/areas/payments.md',
  banners: 'docs/areas/banners.md',
  'ai-toolkit': 'docs/areas/ai-toolkit.md',
  desktop: 'docs/areas/desktop.md',
};

/** SPEC section -> the heading of an area page, and the cross-cutting page used otherwise. */
const SPEC_SECTIONS: Record<string, { heading: string | null; fallback: string }> = {
  '1': { heading: null, fallback: 'docs/README.md' },
  '2': { heading: 'screens', fallback: 'docs/screens.md' },
  '3': { heading: 'data', fallback: 'docs/architecture.md#data' },
  '4': { heading: 'behaviour', fallback: 'docs/roles.md#subscription-status' },
  '5': { heading: 'validation', fallback: 'docs/errors.md' },
  '6': { heading: 'who-may-do-what', fallback: 'docs/roles.md#who-may-do-what' },
  '7': { heading: 'api', fallback: 'docs/api.md' },
  '8': { heading: null, fallback: 'docs/errors.md' },
  '9': { heading: 'limits', fallback: 'docs/limits.md' },
};

const SPECIAL_AREAS: Partial<Record<Area, Partial<Record<string, string>>>> = {
  uploads: { '': 'docs/security.md#uploads' },
  screens: { '2': 'docs/screens.md', '6': 'docs/roles.md#who-may-do-what' },
  roles: { '': 'docs/roles.md' },
  progress: { '': 'docs/limits.md#rounding' },
};

const OTHER_DOCS: Record<string, Record<string, string>> = {
  FORMULAS: {
    '': 'docs/areas/seller-tools.md#formulas',
    '2': 'docs/areas/seller-tools.md#additional-fees',
    D3: 'docs/areas/seller-tools.md#additional-fees',
    '4': 'docs/areas/seller-tools.md#decisions',
    '6': 'docs/areas/seller-tools.md#qualifier-scoring',
  },
  SECURITY: { '': 'docs/security.md', '1': 'docs/areas/desktop.md#security', '4': 'docs/security.md#payments' },
  ARCHITECTURE: {
    '': 'docs/architecture.md',
    '2': 'docs/architecture.md#one-request-top-to-bottom',
    '3': 'docs/architecture.md#data',
    '4': 'docs/architecture.md#renderer',
    '5': 'docs/areas/desktop.md',
  },
};

/** The docs target of one citation (`section` is '' for a whole document, '7', '5.3' or 'D2'). */
export function targetOf(doc: string, section: string, file: string): string {
  const major = section.split('.')[0] ?? '';
  if (doc !== 'SPEC') {
    const pages = OTHER_DOCS[doc] ?? {};
    return pages[section] ?? pages[major] ?? pages[''] ?? 'docs/README.md';
  }
  const area = areaOf(file);
  const special = area ? SPECIAL_AREAS[area] : undefined;
  if (special) {
    const hit = special[major] ?? special[''];
    if (hit) return hit;
  }
  const rule = SPEC_SECTIONS[major] ?? SPEC_SECTIONS['1']!;
  const page = area ? AREA_PAGES[area] : undefined;
  if (page && rule.heading && anchorsOf(readDoc(page)).has(rule.heading)) return `${page}#${rule.heading}`;
  return rule.fallback;
}

const docCache = new Map<string, string>();
function readDoc(rel: string): string {
  if (!docCache.has(rel)) {
    const full = path.join(ROOT, rel);
    docCache.set(rel, fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : '');
  }
  return docCache.get(rel)!;
}

/** A citation: the document, then sections (`§7`, `§5.3`, `D2`) joined by commas, "and" or semicolons. */
const CITATION =
  /\b(SPEC|FORMULAS|SECURITY|ARCHITECTURE)(?:\.md)?\b(?!_)((?:(?:\s*[,;]\s*|\s+and\s+|\s+)(?:§\d+(?:\.\d+)?|D\d+)\b)*)/g;

export interface Citation {
  file: string;
  line: number;
  text: string;
  targets: string[];
}

/** A citation, or a section sign further on the same line that continues it ("SPEC §2 (routes) and §9"). */
const TOKEN = new RegExp(`${CITATION.source}|§(\\d+(?:\\.\\d+)?)|\\n`, 'g');

/** Rewrites every citation of `text` (the content of `file`) and reports each one. */
export function rewrite(file: string, text: string): { text: string; citations: Citation[] } {
  const citations: Citation[] = [];
  let lastDoc: string | null = null;
  const cite = (match: string, offset: number, targets: string[]) => {
    citations.push({ file, line: text.slice(0, offset).split('\n').length, text: match, targets });
    return targets.join(', ');
  };
  const out = text.replace(
    TOKEN,
    (
      match: string,
      doc: string | undefined,
      sections: string | undefined,
      orphan: string | undefined,
      offset: number,
    ) => {
      if (match === '\n') {
        lastDoc = null;
        return match;
      }
      if (orphan !== undefined) return lastDoc ? cite(match, offset, [targetOf(lastDoc, orphan, file)]) : match;
      const parts = [...(sections ?? '').matchAll(/§(\d+(?:\.\d+)?)|(D\d+)/g)].map((m) => m[1] ?? m[2]!);
      // A bare SPEC is prose ("the SPEC matrix"), not a citation of a section: left alone.
      if (doc === 'SPEC' && parts.length === 0) return match;
      lastDoc = doc!;
      return cite(match, offset, [...new Set((parts.length ? parts : ['']).map((p) => targetOf(doc!, p, file)))]);
    },
  );
  return { text: out, citations };
}

/**
 * Folders whose citations are not rewritten yet: the board, live and review features are being
 * reorganised, and their comments are rewritten with them. The guard (citations.test.ts) skips them
 * too; shrink this list as each one is done, never add to it.
 */
export const NOT_YET_REWRITTEN: readonly string[] = [];

/** Tracked text files that may cite (docs/, this tool's own files and NOT_YET_REWRITTEN excluded). */
export function citingFiles(): string[] {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
  return files.filter(
    (f) =>
      /\.(ts|tsx|mjs|cjs|js|md|css|html|yml)$/.test(f) &&
      !f.startsWith('docs/') &&
      !f.startsWith('api/src/tools/') &&
      !NOT_YET_REWRITTEN.some((dir) => f.startsWith(dir)) &&
      f !== 'package-lock.json',
  );
}

/** Every citation of the repository, and what --write would change. */
export function scan(): {
  citations: Citation[];
  changed: Map<string, string>;
  missing: Citation[];
  leftovers: string[];
} {
  const citations: Citation[] = [];
  const leftovers: string[] = [];
  const changed = new Map<string, string>();
  for (const file of citingFiles()) {
    const full = path.join(ROOT, file);
    if (!fs.existsSync(full)) continue;
    const before = fs.readFileSync(full, 'utf8');
    const result = rewrite(file, before);
    citations.push(...result.citations);
    if (result.text !== before) changed.set(file, result.text);
    // A section sign left after rewriting ("SPEC §2 (routes) and §9") needs a hand edit.
    result.text.split('\n').forEach((l, i) => {
      if (/§\d/.test(l)) leftovers.push(`${file}:${i + 1}: ${l.trim()}`);
    });
  }
  const exists = (target: string) => {
    const [page = '', anchor] = target.split('#');
    return readDoc(page) !== '' && (!anchor || anchorsOf(readDoc(page)).has(anchor));
  };
  return { citations, changed, missing: citations.filter((c) => !c.targets.every(exists)), leftovers };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const write = process.argv.includes('--write');
  const verbose = process.argv.includes('--verbose');
  const { citations, changed, missing, leftovers } = scan();
  const byTarget = new Map<string, number>();
  for (const c of citations) for (const t of c.targets) byTarget.set(t, (byTarget.get(t) ?? 0) + 1);
  console.log(`${citations.length} citations in ${changed.size} files map to:`);
  for (const [t, n] of [...byTarget].sort()) console.log(`  ${String(n).padStart(4)}  ${t}`);
  if (verbose) for (const c of citations) console.log(`${c.file}:${c.line}  ${c.text}  ->  ${c.targets.join(', ')}`);
  for (const c of missing) console.error(`missing target: ${c.file}:${c.line} ${c.text} -> ${c.targets.join(', ')}`);
  for (const l of leftovers) console.log(`section sign left for a hand edit: ${l}`);
  if (missing.length > 0) process.exit(1);
  if (write) {
    for (const [file, text] of changed) fs.writeFileSync(path.join(ROOT, file), text);
    console.log(`rewrote ${changed.size} files`);
  } else console.log('check only (run with --write to rewrite the comments)');
}
