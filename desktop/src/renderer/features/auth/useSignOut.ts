import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSignOutMutation } from './authApi';

/** Signs out; the auth slice clears the user and we land on /signin. Failure: listener toast. */
export function useSignOut() {
  const navigate = useNavigate();
  const [signOut, { isLoading }] = useSignOutMutation();
  const run = useCallback(async () => {
    try {
      await signOut().unwrap();
      void navigate('/signin', { replace: true });
    } catch {
      // 'Internal server error logging out.' comes from the listener middleware.
    }
  }, [navigate, signOut]);
  return { signOut: run, signingOut: isLoading };
}
