import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AI_ASSISTANT_TITLE, DEFAULT_AI_CHAT_URL } from '@shared/content/ai-tools';
import { findAiTool, isAllowedChatUrl } from '@shared/schemas/ai-tools';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Spinner';
import { track } from '../analytics/tracker';
import { ChatWidget } from './ChatWidget';
import { useAiTools } from './useAiTools';

/**
 * /ai-toolkit/chat/{toolName} and /ai-toolkit-chat (docs/areas/ai-toolkit.md#screens): breadcrumb, back button and the chat
 * frame of the tool chosen by slug; 'AI Assistant' with the default frame when none matches.
 * Frames come only from the allowlisted chat origins (the CSP's frame-src).
 */
export function AiToolChat() {
  const { toolName } = useParams();
  const navigate = useNavigate();
  const { tools, isLoading, fallbackMessage } = useAiTools();
  const tool = findAiTool(tools, toolName);
  const title = tool?.title ?? AI_ASSISTANT_TITLE;
  const unavailable = tool !== undefined && (tool.locked || tool.comingSoon);
  const frameUrl = tool ? tool.chatbaseUrl : DEFAULT_AI_CHAT_URL;
  const opened = isLoading || unavailable ? null : (toolName ?? 'assistant');
  useEffect(() => {
    if (opened !== null) track('ai_tool_opened', { toolId: opened });
  }, [opened]);

  return (
    <div className="flex min-h-[70vh] flex-col">
      <nav aria-label="Breadcrumb" className="mb-3 text-sm">
        <ol className="flex flex-wrap items-center gap-1.5 text-gray-500">
          <li>
            <Link to="/ai-toolkit" className="text-brand-700 hover:underline">
              AI Toolkit
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="font-medium text-gray-900">
            {isLoading ? '…' : title}
          </li>
        </ol>
      </nav>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" onClick={() => void navigate('/ai-toolkit')}>
          ← Back
        </Button>
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{isLoading ? 'Loading…' : title}</h1>
      </div>
      {fallbackMessage && (
        <Banner kind="warning" className="mb-4">
          {fallbackMessage}
        </Banner>
      )}
      {isLoading ? (
        <Loading label="Loading the chat…" />
      ) : unavailable ? (
        <Banner kind="info">
          {tool?.comingSoon ? 'This tool is coming soon.' : 'This tool is not available to chat with yet.'}
        </Banner>
      ) : frameUrl && isAllowedChatUrl(frameUrl) ? (
        <iframe
          src={frameUrl}
          title={`${title} chat`}
          className="min-h-[600px] w-full flex-1 rounded-xl border border-gray-200 bg-white"
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          allow="clipboard-write"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <Banner kind="info">This chat is not from an allowed site, so it is not shown.</Banner>
      )}
      <ChatWidget />
    </div>
  );
}
