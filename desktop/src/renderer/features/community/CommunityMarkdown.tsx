import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import { Link } from 'react-router-dom';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { ExternalLink } from '../../components/ExternalLink';
import { assetUrl } from '../../lib/assetUrl';
import { cn } from '../../lib/cn';

/** A path inside the portal ("/community/post/3", "/uploads/x.png"), not a protocol-relative "//host". */
const isPortalPath = (url: string) => url.startsWith('/') && !url.startsWith('//');

/** Only http(s), mailto, the portal's own paths and in-page anchors (footnotes) survive (no javascript:, data: ...). */
export function safeCommunityUrl(url: string): string {
  const cleaned = defaultUrlTransform(url.trim());
  return /^(https?:|mailto:|#)/i.test(cleaned) || isPortalPath(cleaned) ? cleaned : '';
}

/**
 * rehype-sanitize's GitHub allowlist. remark-rehype already prefixes the only ids markdown makes (GFM
 * footnotes) with "user-content-", so a second prefix would break their links; raw HTML, the one other
 * way to name an element, never gets this far.
 */
const SANITIZE = { ...defaultSchema, clobberPrefix: '' };

const components: Components = {
  // The page's title is its only h1: a post's own headings start one level down.
  h1: ({ children }) => <h2>{children}</h2>,
  h2: ({ children }) => <h3>{children}</h3>,
  a: ({ href, id, children }) => {
    if (!href) return <span>{children}</span>;
    if (href.startsWith('#'))
      return (
        <a href={href} id={id} className="text-brand-700 underline">
          {children}
        </a>
      );
    if (isPortalPath(href) && !href.startsWith('/uploads/')) {
      return (
        <Link to={href} className="text-brand-700 underline">
          {children}
        </Link>
      );
    }
    return (
      <ExternalLink href={assetUrl(href) ?? href} className="text-brand-700 underline">
        {children}
      </ExternalLink>
    );
  },
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? (
      <img src={assetUrl(src)} alt={alt ?? ''} className="my-3 max-h-[32rem] max-w-full rounded-lg" loading="lazy" />
    ) : null,
};

const CLASSES = [
  'break-words text-gray-800',
  '[&_p]:my-2 [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:font-semibold',
  '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1 [&_code]:text-[0.9em] [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-gray-100 [&_pre]:p-3',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-gray-300 [&_blockquote]:pl-4 [&_blockquote]:text-gray-600',
  '[&_table]:my-3 [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:border-gray-200 [&_td]:px-3 [&_td]:py-1.5 [&_th]:border [&_th]:border-gray-200 [&_th]:bg-gray-50 [&_th]:px-3 [&_th]:py-1.5 [&_input]:mr-2',
].join(' ');

/**
 * A member's markdown (GitHub flavour), made safe: raw HTML is never parsed into elements (no rehype-raw,
 * ever; rehype-sanitize drops it), every element and attribute goes through rehype-sanitize's allowlist,
 * and URLs through an allowlist of their own.
 */
export function CommunityMarkdown({
  children,
  size = 'md',
  className,
}: {
  children: string;
  /** 'sm' for comments. */
  size?: 'sm' | 'md';
  className?: string;
}) {
  return (
    <div
      className={cn(CLASSES, size === 'md' ? 'text-[15px] leading-7' : 'text-sm leading-6', className)}
      data-testid="community-markdown"
    >
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[[rehypeSanitize, SANITIZE]]}
        urlTransform={safeCommunityUrl}
        components={components}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
