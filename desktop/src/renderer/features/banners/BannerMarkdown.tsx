import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { ExternalLink } from '../../components/ExternalLink';

/** Only https, http and mailto links survive (no javascript:, data:, vbscript: ...). */
export function safeBannerUrl(url: string): string {
  const cleaned = defaultUrlTransform(url.trim());
  return /^(https?:|mailto:)/i.test(cleaned) ? cleaned : '';
}

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <ExternalLink href={href} className="font-medium underline">
        {children}
      </ExternalLink>
    ) : (
      <span>{children}</span>
    ),
  // Only https images (the CSP's img-src); anything else shows its alt text.
  img: ({ src, alt }) =>
    typeof src === 'string' && /^https:/i.test(src) ? (
      <img src={src} alt={alt ?? ''} loading="lazy" className="my-2 max-h-64 max-w-full rounded" />
    ) : (
      <span>{alt}</span>
    ),
};

const CLASSES = [
  'text-sm break-words',
  '[&_p]:my-1.5 [&_h1]:mt-3 [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:mt-3 [&_h2]:font-semibold [&_h3]:font-semibold',
  '[&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_li]:my-0.5 [&_strong]:font-semibold',
  '[&_code]:rounded [&_code]:bg-black/5 [&_code]:px-1 [&_blockquote]:border-l-4 [&_blockquote]:pl-3',
].join(' ');

/**
 * A banner's markdown (GitHub flavour). Raw HTML is never rendered (skipHtml) and URLs go through
 * a protocol allowlist. Loaded lazily, so the dashboard's first paint does not carry the markdown stack.
 */
export function BannerMarkdown({ children }: { children: string }) {
  return (
    <div className={CLASSES} data-testid="banner-content">
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={safeBannerUrl} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
