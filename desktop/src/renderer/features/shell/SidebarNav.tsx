import { NavLink } from 'react-router-dom';
import type { CurrentUser } from '@shared/types';
import { sidebarItems, type SidebarItem } from '@shared/policies/sidebar';
import { ExternalLink } from '../../components/ExternalLink';
import { cn } from '../../lib/cn';
import { usePortalSettings } from '../settings/usePortalSettings';
import { ExternalIcon, NavIcon } from '../../components/icons';

const itemClasses = 'group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors';

function Item({ item, onNavigate }: { item: SidebarItem; onNavigate?: () => void }) {
  if (item.external) {
    return (
      <ExternalLink href={item.to} className={cn(itemClasses, 'text-gray-600 hover:bg-gray-100 hover:text-gray-900')}>
        <ExternalIcon className="size-5 shrink-0 text-gray-400 group-hover:text-gray-600" />
        <span className="min-w-0">{item.label}</span>
        <span className="sr-only"> (opens outside the app)</span>
      </ExternalLink>
    );
  }
  return (
    <NavLink
      to={item.to}
      end={item.to === '/'}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(itemClasses, isActive ? 'bg-brand-50 text-brand-700' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900')
      }
    >
      <NavIcon itemKey={item.key} />
      <span className="truncate">{item.label}</span>
    </NavLink>
  );
}

/** The sidebar's items for this user (shared sidebarItems policy, with the portal's links): the sidebar and the command palette. */
export function useSidebarItems(user: CurrentUser): SidebarItem[] {
  const { settings } = usePortalSettings();
  return sidebarItems(user, settings);
}

/** The sidebar links of docs/screens.md for this user (shared sidebarItems policy), main then extra. */
export function SidebarNav({ user, onNavigate }: { user: CurrentUser; onNavigate?: () => void }) {
  const items = useSidebarItems(user);
  const main = items.filter((i) => i.section === 'main');
  const extra = items.filter((i) => i.section === 'extra');
  return (
    <nav aria-label="Main" className="flex flex-col gap-6">
      <ul className="flex flex-col gap-0.5">
        {main.map((item) => (
          <li key={item.key}>
            <Item item={item} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
      <ul className="flex flex-col gap-0.5 border-t border-gray-200 pt-4">
        {extra.map((item) => (
          <li key={item.key}>
            <Item item={item} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
