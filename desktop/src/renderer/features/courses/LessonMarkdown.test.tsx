// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { allowedEmbedUrl, LessonMarkdown, safeLessonUrl } from './LessonMarkdown';
import { overallProgress } from './courseNav';
import { makeCourse } from './fixtures.test-data';

afterEach(cleanup);

const show = (markdown: string) =>
  render(
    <MemoryRouter>
      <LessonMarkdown>{markdown}</LessonMarkdown>
    </MemoryRouter>,
  ).container;

/** Script payloads an author (or a compromised admin account) might put in a lesson. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">click</a>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](  javascript:alert(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[click](vbscript:msgbox(1))',
  '![x](javascript:alert(1))',
  '<details open ontoggle=alert(1)>',
  '<style>body{display:none}</style>',
  '<form action="https://evil.example"><input name=x></form>',
  '```form\njavascript:alert(1)\n```',
  '```form\nhttps://evil.example/form\n```',
  '```form\nhttps://docs.google.com.evil.io/form\n```',
  '```form\nhttps://user@docs.google.com/form\n```',
  '```video\nhttp://www.youtube.com/embed/x\n```',
];

describe('lesson markdown', () => {
  it('renders GitHub-flavoured markdown: headings, tables, task lists, strikethrough', () => {
    const root = show('## Plan\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~old~~');
    expect(screen.getByRole('heading', { name: 'Plan', level: 2 })).toBeTruthy();
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '2']);
    const boxes = screen.getAllByRole<HTMLInputElement>('checkbox');
    expect(boxes.map((b) => [b.checked, b.disabled])).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(root.querySelector('del')?.textContent).toBe('old');
  });

  it.each(PAYLOADS)('never turns %s into script, handlers, script URLs or a foreign frame', (payload) => {
    const root = show(`Before\n\n${payload}\n\nAfter`);
    expect(root.querySelector('script, style, form, svg:not([aria-hidden])')).toBeNull();
    for (const el of Array.from(root.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        expect(attr.name.toLowerCase().startsWith('on'), `${el.tagName} ${attr.name}`).toBe(false);
        expect(/^\s*(javascript|data|vbscript):/i.test(attr.value), `${el.tagName} ${attr.name}=${attr.value}`).toBe(
          false,
        );
      }
    }
    for (const frame of Array.from(root.querySelectorAll('iframe'))) {
      expect(allowedEmbedUrl('form', frame.src) ?? allowedEmbedUrl('video', frame.src)).not.toBeNull();
    }
    expect(root.textContent).toContain('After');
  });

  it('embeds an allowlisted form as a sandboxed frame, and refuses other hosts', () => {
    show('```form\nhttps://docs.google.com/forms/d/e/x/viewform?embedded=true\n```');
    const frame = screen.getByTitle<HTMLIFrameElement>('Embedded form');
    expect(frame.src).toBe('https://docs.google.com/forms/d/e/x/viewform?embedded=true');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-same-origin allow-popups');
    cleanup();
    show('```form\nhttps://evil.example/form\n```');
    expect(screen.queryByTitle('Embedded form')).toBeNull();
    expect(screen.getByRole('note').textContent).toContain('not from an allowed site');
  });

  it('keeps in-app, web and mail links, and drops script URLs', () => {
    expect(safeLessonUrl('/courses/a/1/2')).toBe('/courses/a/1/2');
    expect(safeLessonUrl('https://example.com/x')).toBe('https://example.com/x');
    expect(safeLessonUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeLessonUrl('javascript:alert(1)')).toBe('');
    expect(safeLessonUrl('//evil.example')).toBe('');
    show('[next](/courses/a/1/2) and [site](https://example.com)');
    expect(screen.getByRole('link', { name: 'next' }).getAttribute('href')).toBe('/courses/a/1/2');
    const external = screen.getByRole('link', { name: 'site' });
    expect([external.getAttribute('target'), external.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
  });
});

describe('overall course progress (dashboard card)', () => {
  it('counts completed over visible lessons of the courses the member can open, whole percent', () => {
    expect(overallProgress([])).toBe(0);
    expect(
      overallProgress([
        makeCourse(1, { lessonCount: 3, completedCount: 1 }),
        makeCourse(2, { lessonCount: 3, completedCount: 0 }),
        makeCourse(3, { lessonCount: 10, completedCount: 10, hasAccess: false }),
      ]),
    ).toBe(17);
    expect(overallProgress([makeCourse(1, { lessonCount: 200, completedCount: 199 })])).toBe(99);
  });
});
