import { useId, useState } from 'react';
import { MESSAGES } from '@shared/messages';
import { COMMUNITY_LIMITS } from '@shared/schemas/community';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { TextArea } from '../../components/FormFields';
import { toApiError } from '../../lib/apiErrors';
import { useReportCommunityMutation } from './communityApi';

export type ReportTarget = { postId: number } | { commentId: number };

/**
 * Report a post or a comment to the moderators, with a reason (required). The server's refusal (a
 * second report, too many reports) shows in the dialog, which stays open; a sent report closes it and
 * thanks the member (toast).
 */
export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [report, { isLoading, error, reset }] = useReportCommunityMutation();
  const failure = error ? toApiError(error) : null;
  const isPost = 'postId' in target;

  const submit = async () => {
    const text = reason.trim();
    if (!text) {
      setFieldError(MESSAGES.fieldRequired);
      return;
    }
    setFieldError(undefined);
    const result = await report({ ...target, reason: text });
    if (!('error' in result)) onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={isPost ? MESSAGES.communityReportPostTitle : MESSAGES.communityReportCommentTitle}
      description={MESSAGES.communityReportHelp}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={isLoading}>
            {MESSAGES.communityReportSubmit}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {failure && !failure.fields.reason && <Banner kind="error">{failure.message}</Banner>}
        <TextArea
          label={MESSAGES.communityReportReason}
          rows={4}
          required
          maxLength={COMMUNITY_LIMITS.reasonMax}
          value={reason}
          error={fieldError ?? failure?.fields.reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (error) reset();
          }}
          data-autofocus
        />
      </form>
    </Dialog>
  );
}
