import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

/** Only http(s) and mailto links survive (no javascript:, data: ...). */
function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  return /^(https?:|mailto:)/i.test(cleaned) ? cleaned : '';
}

const components: Components = {
  // The page's title is the only h1: an article's own headings start one level down.
  h1: ({ children }) => <h2 className="mt-6 mb-3 text-2xl font-semibold">{children}</h2>,
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-700 underline">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ src, alt }) =>
    typeof src === 'string' && safeUrl(src) ? (
      <img src={safeUrl(src)} alt={alt ?? ''} className="my-3 max-w-full rounded-lg" loading="lazy" />
    ) : null,
};

const ARTICLE_CLASSES = [
  'break-words text-[15px] leading-7 text-gray-800',
  '[&_p]:my-3 [&_h1]:mt-6 [&_h1]:mb-3 [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:mt-5 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold',
  '[&_h3]:mt-4 [&_h3]:font-semibold [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1 [&_code]:text-[0.9em] [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-gray-100 [&_pre]:p-3',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-gray-300 [&_blockquote]:pl-4 [&_blockquote]:text-gray-600',
  '[&_table]:my-4 [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:border-gray-200 [&_td]:px-3 [&_td]:py-1.5 [&_th]:border [&_th]:border-gray-200 [&_th]:bg-gray-50 [&_th]:px-3 [&_th]:py-1.5 [&_input]:mr-2',
].join(' ');

/** Drops a first-line '# Title' that repeats the title the page already shows. */
export function withoutRepeatedTitle(markdown: string, title: string): string {
  const m = /^\s*#\s+(.+?)\s*#*\s*(?:\r?\n|$)/.exec(markdown);
  return m && m[1]!.trim().toLowerCase() === title.trim().toLowerCase() ? markdown.slice(m[0].length) : markdown;
}

/** An article's markdown (GitHub flavour). Raw HTML is never rendered; URLs go through an allowlist. */
export function ArticleMarkdown({ children }: { children: string }) {
  return (
    <div className={ARTICLE_CLASSES} data-testid="article-content">
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={safeUrl} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
