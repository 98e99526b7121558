import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '../../../lib/cn';

/** Links open outside the app; only http(s) and mailto survive (no javascript:, data: ...). */
function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  return /^(https?:|mailto:)/i.test(cleaned) ? cleaned : '';
}

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-700 underline">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  // Images in user text would fetch from anywhere: show their alt text as a link instead.
  img: ({ src, alt }) =>
    typeof src === 'string' && safeUrl(src) ? (
      <a href={safeUrl(src)} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-700 underline">
        {alt || 'image'}
      </a>
    ) : (
      <span>{alt}</span>
    ),
};

/** Typography for rendered markdown (the CSS reset removes list bullets, heading sizes ...). */
const MARKDOWN_CLASSES = [
  'text-sm break-words text-gray-800',
  '[&_p]:my-1.5 [&_p]:whitespace-pre-line [&_h1]:mt-3 [&_h1]:mb-1 [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:mt-3 [&_h2]:mb-1 [&_h2]:font-semibold',
  '[&_h3]:font-semibold [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_li]:my-0.5',
  '[&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1 [&_code]:text-[0.85em] [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-gray-100 [&_pre]:p-2',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-gray-300 [&_blockquote]:pl-3 [&_blockquote]:text-gray-600',
  '[&_table]:my-2 [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_input]:mr-1',
].join(' ');

/**
 * User markdown (card descriptions, check items, comments) with GitHub flavour. Raw HTML is never
 * rendered (skipHtml), and URLs go through a protocol allowlist.
 */
export function Markdown({
  children,
  className,
  inline = false,
}: {
  children: string;
  className?: string;
  inline?: boolean;
}) {
  return (
    <div className={cn(MARKDOWN_CLASSES, inline && '[&_p]:my-0', className)}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={safeUrl} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
