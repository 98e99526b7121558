import { LEARN_MORE, type QualifierQuestion } from '@shared/content/qualifier';
import { qualifierVideosFrom } from '@shared/schemas/settings';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { VideoEmbed } from './VideoEmbed';
import { usePortalSettings } from '../settings/usePortalSettings';

/** 'Learn More' for one question: its video and the written guidance. */
export function LearnMoreDialog({
  question,
  onClose,
}: {
  question: Exclude<QualifierQuestion, { id: 'keyword' }>;
  onClose: () => void;
}) {
  const { settings } = usePortalSettings();
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Learn More: ${question.title}`}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose} data-autofocus>
          Close
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <VideoEmbed url={qualifierVideosFrom(settings).questions[question.id]} title={`${question.title} video`} />
        <p className="text-sm text-gray-700">{LEARN_MORE[question.id]}</p>
      </div>
    </Dialog>
  );
}
