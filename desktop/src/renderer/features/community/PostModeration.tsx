import { MESSAGES } from '@shared/messages';
import type { CommunityPost } from '@shared/types';
import { Button } from '../../components/Button';
import { useSetCommunityPostFlagMutation, type CommunityPostFlag } from './communityApi';

const SWITCHES: ReadonlyArray<{
  flag: CommunityPostFlag;
  field: 'pinned' | 'locked' | 'hidden';
  on: string;
  off: string;
}> = [
  { flag: 'pin', field: 'pinned', on: MESSAGES.communityPin, off: MESSAGES.communityUnpin },
  { flag: 'lock', field: 'locked', on: MESSAGES.communityLock, off: MESSAGES.communityUnlock },
  { flag: 'hide', field: 'hidden', on: MESSAGES.communityHide, off: MESSAGES.communityUnhide },
];

/** The moderators' switches on a post (coaches and admins): Pin / Unpin, Lock / Unlock, Hide / Unhide. */
export function PostModeration({ post }: { post: CommunityPost }) {
  const [setFlag, { isLoading, originalArgs }] = useSetCommunityPostFlagMutation();
  return (
    <div
      role="group"
      aria-label={MESSAGES.communityModeratorActions}
      className="mt-4 flex flex-wrap items-center gap-2 rounded-lg bg-gray-50 px-3 py-2"
    >
      <span className="mr-1 text-xs font-medium text-gray-600" aria-hidden="true">
        {MESSAGES.communityModeratorActions}
      </span>
      {SWITCHES.map(({ flag, field, on, off }) => (
        <Button
          key={flag}
          size="sm"
          variant="secondary"
          loading={isLoading && originalArgs?.flag === flag}
          disabled={isLoading}
          onClick={() => void setFlag({ id: post.id, flag, value: !post[field] })}
        >
          {post[field] ? off : on}
        </Button>
      ))}
    </div>
  );
}
