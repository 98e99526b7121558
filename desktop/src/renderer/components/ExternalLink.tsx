import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { isDesktop, openExternal } from '../platform/files';

/** Opens a URL outside the app: the system browser on desktop, the same tab on the web. */
export function openOutside(url: string): void {
  if (isDesktop()) void openExternal(url);
  else window.location.assign(url);
}

export interface ExternalLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel'> {
  href: string;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link that leaves the app: a new tab on the web (rel=noopener noreferrer), the system
 * browser or mail client on desktop (via the platform module's openExternal).
 */
export function ExternalLink({ href, onClick, children, ...rest }: ExternalLinkProps) {
  const isMail = href.startsWith('mailto:');
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    if (isDesktop()) {
      event.preventDefault();
      void openExternal(href);
    }
  };
  return (
    <a
      href={href}
      target={isMail ? undefined : '_blank'}
      rel={isMail ? undefined : 'noopener noreferrer'}
      onClick={handleClick}
      {...rest}
    >
      {children}
    </a>
  );
}
