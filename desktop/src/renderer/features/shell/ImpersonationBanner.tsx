import type { CurrentUser } from '@shared/types';
import { Button } from '../../components/Button';
import { useSignInAsReturnMutation } from '../auth/authApi';

/** Shown while an admin is signed in as someone else (currentUser.impersonator is set). */
export function ImpersonationBanner({ user }: { user: CurrentUser }) {
  const [goBack, { isLoading }] = useSignInAsReturnMutation();
  if (!user.impersonator) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 bg-amber-50 px-4 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200 sm:px-6"
    >
      <p>
        <span className="font-semibold">Signed in as {user.fullName}</span>
        <span className="text-amber-800"> · you are {user.impersonator.fullName}</span>
      </p>
      <Button size="sm" variant="secondary" loading={isLoading} onClick={() => void goBack()}>
        Back to my account
      </Button>
    </div>
  );
}
