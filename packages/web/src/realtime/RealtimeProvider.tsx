import { MESSAGES_TOPIC, REALTIME_PATH } from '@regie/contract/realtime';
import { type ReactNode, useEffect, useState } from 'react';
import { notify } from '../api/notify.ts';
import { useSession } from '../session/current-session.ts';
import { createRealtimeConnection, type RealtimeConnectionOptions } from './realtime-connection.ts';
import { RealtimeContext } from './realtime-context.ts';
import { toastFromEvent } from './toasts.ts';

function browserSocket(): WebSocket {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return new WebSocket(`${scheme}://${window.location.host}${REALTIME_PATH}`);
}

/**
 * One realtime channel per signed-in session (spec §7 "Real-time"): signed with the token and the
 * account key the API client uses (the simulated account's for an admin), opened again when
 * either changes, closed when signed out. Shows the account's toasts in the floating area.
 */
export function RealtimeProvider({
  children,
  createSocket = browserSocket,
}: {
  children: ReactNode;
  createSocket?: RealtimeConnectionOptions['createSocket'];
}) {
  const [connection] = useState(() => createRealtimeConnection({ createSocket }));
  const { user, simulatedAccount } = useSession();
  const token = user?.accessToken;
  const accountKey = simulatedAccount?.accountKey ?? user?.accountKey;

  useEffect(() => {
    connection.setCredentials(token ? { token, accountKey } : null);
  }, [connection, token, accountKey]);

  useEffect(() => () => connection.close(), [connection]);

  useEffect(
    () =>
      connection.subscribe(MESSAGES_TOPIC, (event) => {
        const toast = toastFromEvent(event, connection.accountId());
        if (toast) notify(toast);
      }),
    [connection],
  );

  return <RealtimeContext.Provider value={connection}>{children}</RealtimeContext.Provider>;
}
