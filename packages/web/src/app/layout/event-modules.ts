import { createContext, useContext, useEffect } from 'react';

/** Lets an event's screen tell the top bar which modules the event has active. */
export const EventModulesContext = createContext<(modules: readonly string[]) => void>(() => {});

/** Enables the event tabs that need these modules (contract `eventModules`) while mounted. */
export function useActiveEventModules(modules: readonly string[]): void {
  const setModules = useContext(EventModulesContext);
  const key = modules.join(',');
  useEffect(() => {
    setModules(key ? key.split(',') : []);
    return () => setModules([]);
  }, [key, setModules]);
}
