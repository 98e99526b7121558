import { Link } from 'react-router-dom';
import { QUALIFIER_MAX_SCORE, type QualifierResult, type SizeTier } from '@shared/calc';
import { RESULT_BANDS, questionById } from '@shared/content/qualifier';
import { qualifierVideosFrom } from '@shared/schemas/settings';
import type { QualifierProgress } from '@shared/types';
import { Card } from '../../components/Card';
import { ExternalLink } from '../../components/ExternalLink';
import { cn } from '../../lib/cn';
import { EmailResultsForm } from './EmailResultsForm';
import { StartProduct } from './StartProduct';
import { answerList, keywordOf, type AnswerMap } from './answers';
import { VideoEmbed } from './VideoEmbed';
import { usePortalSettings } from '../settings/usePortalSettings';

function Thumb({ down = false }: { down?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className={cn('size-9', down && 'rotate-180')} fill="currentColor" aria-hidden="true">
      <path d="M2 10.5A1.5 1.5 0 0 1 3.5 9h2A1.5 1.5 0 0 1 7 10.5v9A1.5 1.5 0 0 1 5.5 21h-2A1.5 1.5 0 0 1 2 19.5v-9ZM9 10.2c0-.5.2-1 .6-1.4l4.6-5.2a1.6 1.6 0 0 1 2.7 1.5L16 9h4.2a2 2 0 0 1 1.9 2.5l-1.9 7.6A2.5 2.5 0 0 1 17.8 21H11a2 2 0 0 1-2-2v-8.8Z" />
    </svg>
  );
}

/** The band's thumbs: two up, one up, or two down. */
function Thumbs({ result }: { result: QualifierResult }) {
  const count = result === 'one thumb up' ? 1 : 2;
  return (
    <span className="flex shrink-0 gap-1" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <Thumb key={i} down={result === 'two thumbs down'} />
      ))}
    </span>
  );
}

const BAND_STYLE: Record<QualifierResult, string> = {
  'two thumbs up': 'border-green-200 bg-green-50 text-green-900',
  'one thumb up': 'border-amber-200 bg-amber-50 text-amber-900',
  'two thumbs down': 'border-red-200 bg-red-50 text-red-900',
};

const shown = (answer: string | number | null) =>
  answer === null ? 'Not answered' : typeof answer === 'number' ? answer.toLocaleString('en-US') : answer;

/** The results area: score, band, its video, every answer's feedback, the email form, more feedback. */
export function QualifierResults({
  progress,
  answers,
  sizeTier,
  email,
}: {
  progress: QualifierProgress;
  answers: AnswerMap;
  sizeTier: SizeTier | null;
  email: string;
}) {
  const band = RESULT_BANDS[progress.result];
  const { settings } = usePortalSettings();
  return (
    <Card className="flex flex-col gap-5 p-4 sm:p-6">
      <section aria-labelledby="qualifier-results" className="flex flex-col gap-4">
        <h2 id="qualifier-results" className="text-lg font-semibold text-gray-900">
          Your results
        </h2>
        <div
          className={cn('flex flex-wrap items-center gap-4 rounded-xl border px-5 py-4', BAND_STYLE[progress.result])}
        >
          <Thumbs result={progress.result} />
          <div className="min-w-0 flex-1">
            <p className="text-xl font-semibold" data-testid="qualifier-band">
              {band.heading}
            </p>
            <p className="text-sm" data-testid="qualifier-score">
              Score: {progress.score} / {QUALIFIER_MAX_SCORE}
            </p>
            <p className="mt-1 text-sm">{band.message}</p>
          </div>
        </div>
        <StartProduct progress={progress} keyword={keywordOf(answers)} sizeTier={sizeTier} />
        <VideoEmbed url={qualifierVideosFrom(settings).results[progress.result]} title={`${band.heading} video`} />
        <ol className="flex flex-col gap-2" aria-label="Feedback on your answers">
          {progress.answers.map((a) => (
            <li
              key={a.id}
              className={cn(
                'rounded-lg border border-l-4 border-gray-100 px-4 py-3 text-sm',
                a.answer === 'Yes' && 'border-l-green-500',
                a.answer === 'No' && 'border-l-red-400',
              )}
            >
              <p className="font-medium text-gray-900">
                {questionById(a.id).title}: <span className="font-normal text-gray-700">{shown(a.answer)}</span>
              </p>
              {a.feedback && <p className="mt-0.5 text-gray-600">{a.feedback}</p>}
            </li>
          ))}
        </ol>
      </section>
      <div className="border-t border-gray-200 pt-4">
        <EmailResultsForm
          defaults={{ email, keywords: keywordOf(answers) }}
          payload={{ answers: answerList(answers), sizeTier, score: progress.score, result: progress.result }}
        />
      </div>
      <section aria-labelledby="more-feedback" className="border-t border-gray-200 pt-4 text-sm">
        <h3 id="more-feedback" className="font-semibold text-gray-900">
          Want more feedback?
        </h3>
        <ul className="mt-2 flex flex-col gap-1.5 text-brand-700">
          <li>
            <ExternalLink href={settings.communityUrl} className="underline">
              Share your product in the community group
            </ExternalLink>
          </li>
          <li>
            <ExternalLink href={settings.calendarUrl} className="underline">
              Book a product review call with a coach
            </ExternalLink>
          </li>
          <li>
            <Link to="/profit-calculator" className="underline">
              Check your numbers in the Power Profit Tool
            </Link>
          </li>
        </ul>
      </section>
    </Card>
  );
}
