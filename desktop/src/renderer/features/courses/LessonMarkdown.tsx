import type { ReactNode } from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { Link } from 'react-router-dom';
import { FORM_EMBED_ORIGINS, VIDEO_EMBED_ORIGINS } from '@shared/limits';
import { ExternalLink } from '../../components/ExternalLink';
import { assetUrl } from '../../lib/assetUrl';
import { cn } from '../../lib/cn';

/** In-app paths (/courses/...), http(s) and mailto survive; javascript:, data:, vbscript: ... do not. */
export function safeLessonUrl(url: string): string {
  const cleaned = defaultUrlTransform(url.trim());
  if (cleaned.startsWith('/') && !cleaned.startsWith('//')) return cleaned;
  if (cleaned.startsWith('#')) return cleaned;
  return /^(https?:|mailto:)/i.test(cleaned) ? cleaned : '';
}

export type EmbedKind = 'form' | 'video';

/**
 * The URL of an allowlisted embed, or null: https only, and its origin must be one of the form
 * hosts (```form) or video hosts (```video) of shared/src/limits.ts — the same lists the API's
 * CSP frame-src allows.
 */
export function allowedEmbedUrl(kind: EmbedKind, raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  const origins: readonly string[] = kind === 'form' ? FORM_EMBED_ORIGINS : VIDEO_EMBED_ORIGINS;
  if (url.protocol !== 'https:' || url.username || url.password || !origins.includes(url.origin)) return null;
  return url.href;
}

function Embed({ kind, source }: { kind: EmbedKind; source: string }) {
  const src = allowedEmbedUrl(kind, source);
  if (!src) {
    return (
      <p className="my-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" role="note">
        This embedded {kind} is not from an allowed site, so it is not shown.
      </p>
    );
  }
  return (
    <div className={cn('my-4 overflow-hidden rounded-lg border border-gray-200', kind === 'video' && 'aspect-video')}>
      <iframe
        src={src}
        title={kind === 'form' ? 'Embedded form' : 'Embedded video'}
        className={cn('w-full border-0', kind === 'form' ? 'h-[640px]' : 'h-full')}
        sandbox={
          kind === 'form'
            ? 'allow-scripts allow-forms allow-same-origin allow-popups'
            : 'allow-scripts allow-same-origin allow-presentation allow-popups'
        }
        allow={kind === 'video' ? 'fullscreen; picture-in-picture' : undefined}
        referrerPolicy="strict-origin-when-cross-origin"
        loading="lazy"
      />
    </div>
  );
}

/** The text of a hast node (the body of a fenced block). */
function textOf(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const n = node as { type?: string; value?: string; children?: unknown[] };
  if (n.type === 'text') return n.value ?? '';
  return (n.children ?? []).map(textOf).join('');
}

const components: Components = {
  a: ({ href, children }) => {
    if (!href) return <span>{children}</span>;
    if (href.startsWith('/') || href.startsWith('#')) {
      return (
        <Link to={href} className="text-brand-700 underline">
          {children}
        </Link>
      );
    }
    return (
      <ExternalLink href={href} className="text-brand-700 underline">
        {children}
      </ExternalLink>
    );
  },
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? (
      <img src={assetUrl(src)} alt={alt ?? ''} loading="lazy" className="my-3 h-auto max-w-full rounded-lg" />
    ) : (
      <span>{alt}</span>
    ),
  pre: ({ node, children }): ReactNode => {
    const code = node?.children.find((c) => c.type === 'element' && c.tagName === 'code');
    const classes = code && code.type === 'element' ? code.properties.className : undefined;
    const lang = Array.isArray(classes) ? classes.map(String).find((c) => c.startsWith('language-')) : undefined;
    if (lang === 'language-form' || lang === 'language-video') {
      return <Embed kind={lang === 'language-form' ? 'form' : 'video'} source={textOf(code)} />;
    }
    return <pre>{children}</pre>;
  },
  table: ({ children }) => (
    <div className="my-4 overflow-x-auto">
      <table>{children}</table>
    </div>
  ),
  input: ({ type, checked }) =>
    type === 'checkbox' ? <input type="checkbox" checked={checked} disabled readOnly /> : null,
};

const LESSON_CLASSES = [
  'max-w-none break-words text-[15px] leading-7 text-gray-800',
  '[&_p]:my-3 [&_h1]:mt-2 [&_h1]:mb-4 [&_h1]:text-2xl [&_h1]:font-semibold [&_h1]:tracking-tight [&_h1]:text-gray-900',
  '[&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-gray-900 [&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:font-semibold',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1 [&_code]:text-[0.9em] [&_pre]:my-4 [&_pre]:overflow-x-auto',
  '[&_pre]:rounded-lg [&_pre]:bg-gray-900 [&_pre]:p-4 [&_pre]:text-gray-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:bg-brand-50/50',
  '[&_blockquote]:py-1 [&_blockquote]:pl-4 [&_blockquote]:text-gray-700 [&_hr]:my-6',
  '[&_table]:w-full [&_table]:text-sm [&_th]:border [&_th]:border-gray-200 [&_th]:bg-gray-50 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left',
  '[&_td]:border [&_td]:border-gray-200 [&_td]:px-3 [&_td]:py-2 [&_input]:mr-2 [&_del]:text-gray-500',
  '[&_ul.contains-task-list]:list-none [&_ul.contains-task-list]:pl-1',
].join(' ');

/**
 * A lesson's markdown (GitHub flavour). Raw HTML is never rendered (skipHtml, no rehype-raw), URLs
 * pass a protocol allowlist, and the only frames are ```form / ```video blocks whose URL is on
 * the embed allowlist.
 */
export function LessonMarkdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cn(LESSON_CLASSES, className)} data-testid="lesson-content">
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={safeLessonUrl} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
