import { Tabs } from '@mantine/core';
import { isPlatformAdmin } from '@regie/contract/access';
import { MAIN_WIDEN_DELAY_MS } from '@regie/contract/ui';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ApprovalNotices } from '../../features/publications/ApprovalNotices.tsx';
import { useT } from '../../i18n/use-t.ts';
import { RealtimeProvider } from '../../realtime/RealtimeProvider.tsx';
import { useAccessSubject } from '../../session/access.ts';
import { useSession } from '../../session/current-session.ts';
import { signOut } from '../../session/session-actions.ts';
import { FloatingMessages, NotificationZone } from '../../widgets/Messages.tsx';
import { OverlayHost } from '../../widgets/overlays.tsx';
import { EnvironmentGate } from '../EnvironmentGate.tsx';
import { lineage, useCurrentEntry, useDefinedParams } from '../route-entry.ts';
import { AccountSelector } from './AccountSelector.tsx';
import { ActingBanner } from './ActingBanner.tsx';
import { CrashBoundary } from './CrashBoundary.tsx';
import { EventModulesContext } from './event-modules.ts';
import classes from './layout.module.css';
import { MainMenu } from './MainMenu.tsx';
import { MediaToolsAlert } from './MediaToolsAlert.tsx';
import { pageTabs } from './navigation.ts';
import { SectionMenu } from './SectionMenu.tsx';
import { SpriteHost } from './SpriteHost.tsx';
import { TopBar } from './TopBar.tsx';

/** A phone's width: the section menu starts folded away, the screen gets the room (the approvals screen). */
const PHONE_QUERY = '(max-width: 640px)';
const onPhone = () => typeof window !== 'undefined' && window.matchMedia?.(PHONE_QUERY).matches === true;

/** Collapsing slides the section menu away at once and gives its room to the main area later. */
function useCollapsible() {
  const [collapsed, setCollapsed] = useState(onPhone);
  const [narrow, setNarrow] = useState(onPhone);
  useEffect(() => {
    if (!collapsed) {
      setNarrow(false);
      return;
    }
    const timer = setTimeout(() => setNarrow(true), MAIN_WIDEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [collapsed]);
  return { collapsed, narrow, toggle: () => setCollapsed((value) => !value) };
}

function Shell() {
  const t = useT();
  const { user } = useSession();
  const subject = useAccessSubject();
  const location = useLocation();
  const navigate = useNavigate();
  const params = useDefinedParams();
  const current = useCurrentEntry();
  const panel = useCollapsible();
  const [eventModules, setEventModules] = useState<readonly string[]>([]);
  if (!user) return null;

  const trail = current ? lineage(current) : [];
  const admin = isPlatformAdmin(subject);
  const hasPanel = Boolean(trail[0]) || admin;
  const tabs = pageTabs(subject, trail, params, eventModules);
  const body = (
    <main className={classes.main}>
      <ActingBanner />
      <TopBar trail={trail} tabs={tabs} fallbackTitle={t('notAuthorized.title')} />
      <div className={classes.content}>
        <NotificationZone />
        <MediaToolsAlert />
        <CrashBoundary resetKey={location.pathname}>
          {tabs.active ? (
            <Tabs.Panel value={tabs.active}>
              <Outlet />
            </Tabs.Panel>
          ) : (
            <Outlet />
          )}
        </CrashBoundary>
      </div>
    </main>
  );

  return (
    <EventModulesContext.Provider value={setEventModules}>
      <div className={classes.shell}>
        <MainMenu
          user={user}
          activeTop={trail[0]}
          collapsed={panel.collapsed}
          onToggle={hasPanel ? panel.toggle : undefined}
          onLogout={() => void signOut()}
        />
        {hasPanel && (
          <aside
            id="section-menu"
            className={classes.section}
            data-collapsed={panel.collapsed || undefined}
            data-narrow={panel.narrow || undefined}
            inert={panel.collapsed}
          >
            <SectionMenu top={trail[0]} trail={trail} />
            {admin && <AccountSelector />}
          </aside>
        )}
        {tabs.tabs.length > 0 ? (
          <Tabs
            value={tabs.active}
            onChange={(href) => href && navigate(href)}
            activateTabWithKeyboard={false}
            keepMounted={false}
            style={{ display: 'contents' }}
          >
            {body}
          </Tabs>
        ) : (
          body
        )}
      </div>
      <FloatingMessages />
      <OverlayHost closeLabel={t('notification.close')} />
      <SpriteHost />
      <ApprovalNotices />
    </EventModulesContext.Provider>
  );
}

/** The authenticated layout (spec §2 "Layout"), shown once the environment check passed. */
export function AuthenticatedLayout() {
  return (
    <EnvironmentGate>
      <RealtimeProvider>
        <Shell />
      </RealtimeProvider>
    </EnvironmentGate>
  );
}
