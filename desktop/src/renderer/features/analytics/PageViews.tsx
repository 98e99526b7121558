import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { track } from './tracker';

/** A page_view per path a signed-in user opens (the path only: no query string, no hash). Renders nothing. */
export function PageViews() {
  const { pathname } = useLocation();
  const signedIn = useAppSelector(selectCurrentUser) !== null;
  useEffect(() => {
    if (signedIn) track('page_view', { path: pathname });
  }, [pathname, signedIn]);
  return null;
}
