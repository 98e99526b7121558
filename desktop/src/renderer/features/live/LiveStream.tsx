import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createLiveHub, type LiveHub } from '../../lib/liveHub';
import { apiBaseUrl } from '../../platform/apiBaseUrl';

const LiveHubContext = createContext<LiveHub | null>(null);

/**
 * The one live event stream of a signed-in window (docs/areas/live.md): the app shell renders this
 * around everything, so the bell is live on every page and a board screen reuses the same stream
 * (it watches its board through the hub instead of opening a second one).
 */
export function LiveStreamProvider({ children }: { children: ReactNode }) {
  const [hub] = useState(() => createLiveHub(apiBaseUrl()));
  useEffect(() => {
    hub.start();
    return () => hub.close();
  }, [hub]);
  return <LiveHubContext.Provider value={hub}>{children}</LiveHubContext.Provider>;
}

/** The window's live hub, or null outside the signed-in shell. */
export function useLiveHub(): LiveHub | null {
  return useContext(LiveHubContext);
}
