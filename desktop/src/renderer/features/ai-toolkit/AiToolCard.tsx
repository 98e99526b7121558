import { Link } from 'react-router-dom';
import { AI_TOOL_CARD_MAX_TAGS } from '@shared/limits';
import type { AiTool } from '@shared/types';
import { buttonClasses } from '../../components/Button';
import { cn } from '../../lib/cn';

function Badge({ children, tone }: { children: string; tone: 'new' | 'soon' | 'locked' }) {
  const tones = {
    new: 'bg-green-100 text-green-800',
    soon: 'bg-amber-100 text-amber-900',
    locked: 'bg-gray-200 text-gray-700',
  };
  return <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', tones[tone])}>{children}</span>;
}

/**
 * An AI tool card (docs/areas/ai-toolkit.md#screens): image, title, description, up to 2 tags, New/Soon badges and the Chat
 * button. Locked and coming-soon cards are inert: a dashed, grey card (not faded: its text keeps
 * its contrast), and their button is disabled.
 */
export function AiToolCard({ tool }: { tool: AiTool }) {
  const inert = tool.locked || tool.comingSoon;
  const initials = tool.title
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
  return (
    <li
      className={cn(
        'flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-xs',
        inert && 'border-dashed bg-gray-50',
      )}
      aria-label={tool.title}
      data-testid="ai-tool-card"
    >
      <div className="relative aspect-video bg-linear-to-br from-brand-100 to-brand-50">
        {tool.featuredImage ? (
          <img src={tool.featuredImage} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <span
            className="flex size-full items-center justify-center text-3xl font-semibold text-brand-700"
            aria-hidden="true"
          >
            {initials}
          </span>
        )}
        <div className="absolute top-2 left-2 flex gap-1.5">
          {tool.isNew && <Badge tone="new">New</Badge>}
          {tool.comingSoon && <Badge tone="soon">Soon</Badge>}
          {tool.locked && <Badge tone="locked">Locked</Badge>}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-base font-semibold text-gray-900">{tool.title}</h3>
        {tool.descriptionPlain && <p className="line-clamp-3 text-sm text-gray-600">{tool.descriptionPlain}</p>}
        {tool.tags.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {tool.tags.slice(0, AI_TOOL_CARD_MAX_TAGS).map((tag) => (
              <li key={tag} className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-700">
                {tag}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto pt-2">
          {inert ? (
            <button type="button" disabled className={buttonClasses('secondary', 'sm', 'w-full')}>
              {tool.comingSoon ? 'Coming soon' : 'Locked'}
            </button>
          ) : (
            <Link
              to={tool.link}
              className={buttonClasses('primary', 'sm', 'w-full')}
              aria-label={`Chat with ${tool.title}`}
            >
              Chat
            </Link>
          )}
        </div>
      </div>
    </li>
  );
}
