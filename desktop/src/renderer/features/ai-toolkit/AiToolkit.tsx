import { AI_TOOLKIT_INTRO_VIDEO } from '@shared/content/ai-tools';
import { bannerVideoEmbedUrl } from '@shared/schemas/banners';
import { Banner } from '../../components/Banner';
import { buttonClasses } from '../../components/Button';
import { PageHeader } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { ExternalLink } from '../../components/ExternalLink';
import { Loading } from '../../components/Spinner';
import { VideoFrame } from '../banners/VideoFrame';
import { AiToolCard } from './AiToolCard';
import { ChatWidget } from './ChatWidget';
import { TagChips } from './TagChips';
import { useAiTools } from './useAiTools';
import { useQueryParams } from '../../lib/useQueryParams';
import { usePortalSettings } from '../settings/usePortalSettings';

const introVideo = bannerVideoEmbedUrl(AI_TOOLKIT_INTRO_VIDEO);

/**
 * /ai-toolkit (docs/areas/ai-toolkit.md#screens): heading, intro video, tag chips with counts, the tool cards and the link
 * to book a free 1-on-1 session. The chosen tag is kept in the address (?tag=).
 */
export function AiToolkit() {
  const { settings } = usePortalSettings();
  const { tools, isLoading, fallbackMessage } = useAiTools();
  const [params, updateParams] = useQueryParams();
  const wanted = params.get('tag');
  const selected = wanted && tools.some((t) => t.tags.includes(wanted)) ? wanted : null;
  const shown = selected ? tools.filter((t) => t.tags.includes(selected)) : tools;

  const select = (tag: string | null) => updateParams({ tag }, { replace: true });

  const booking = (
    <ExternalLink href={settings.calendarUrl} className={buttonClasses('secondary')}>
      Book a free 1-on-1 session ↗
    </ExternalLink>
  );

  return (
    <div>
      <PageHeader
        title="AI Toolkit"
        description="AI assistants trained for online sellers. Pick a tool and start a chat."
        actions={booking}
      />
      {introVideo && <VideoFrame src={introVideo} title="AI Toolkit introduction" className="mb-6 max-w-3xl" />}
      {fallbackMessage && (
        <Banner kind="warning" className="mb-6">
          {fallbackMessage}
        </Banner>
      )}
      {isLoading ? (
        <Loading label="Loading AI tools…" />
      ) : tools.length === 0 ? (
        <EmptyState
          title="No AI tools yet"
          description="New tools appear here as soon as they are published."
          action={booking}
        />
      ) : (
        <>
          <TagChips tools={tools} selected={selected} onSelect={select} />
          <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3" aria-label="AI tools">
            {shown.map((tool, i) => (
              <AiToolCard key={`${tool.slug}-${i}`} tool={tool} />
            ))}
          </ul>
        </>
      )}
      <ChatWidget />
    </div>
  );
}
