import { CloseButton } from '@mantine/core';
import { type MessageType, TOAST_MAX_WIDTH_PX, TOAST_TIMING } from '@regie/contract/ui';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { dismiss, type Message, type MessageZone, useMessages } from '../api/notify.ts';
import { useT } from '../i18n/use-t.ts';
import classes from './messages.module.css';

/** Inline style with CSS custom properties (the stylesheet reads them). */
type CssVariables = CSSProperties & Record<`--${string}`, string>;

const LOOK: Record<MessageType, { accent: string; background: string; border: string; Icon: typeof IconInfoCircle }> = {
  danger: { accent: '#c92a2a', background: '#fff5f5', border: '#ffc9c9', Icon: IconCircleX },
  warning: { accent: '#e67700', background: '#fff9db', border: '#ffe066', Icon: IconAlertTriangle },
  success: { accent: '#2b8a3e', background: '#ebfbee', border: '#b2f2bb', Icon: IconCircleCheck },
  info: { accent: '#006a88', background: '#e5f9ff', border: '#99e7ff', Icon: IconInfoCircle },
};

function MessageItem({ message }: { message: Message }) {
  const t = useT();
  const look = LOOK[message.type];
  const urgent = message.type === 'danger' || message.type === 'warning';
  const style: CssVariables = {
    '--message-accent': look.accent,
    '--message-background': look.background,
    '--message-border': look.border,
    '--message-enter': `${TOAST_TIMING.enterMs}ms`,
    '--message-leave': message.zone === 'floating' ? `${TOAST_TIMING.leaveMs}ms` : '200ms',
  };
  return (
    <div
      className={classes.message}
      style={style}
      role={urgent ? 'alert' : 'status'}
      data-type={message.type}
      data-leaving={message.leaving || undefined}
    >
      <look.Icon size={20} className={classes.icon} aria-hidden />
      <div className={classes.text}>{message.text}</div>
      <CloseButton size="sm" aria-label={t('notification.close')} onClick={() => dismiss(message.id)} />
    </div>
  );
}

function MessageList({ zone, className }: { zone: MessageZone; className: string | undefined }) {
  const messages = useMessages(zone);
  const style: CssVariables = { '--toast-max-width': `${TOAST_MAX_WIDTH_PX}px` };
  return (
    <div className={className} style={style}>
      {messages.map((message) => (
        <MessageItem key={message.id} message={message} />
      ))}
    </div>
  );
}

/** The floating message area at the top right (spec §2): danger, info, warning, success. */
export function FloatingMessages() {
  return <MessageList zone="floating" className={classes.floating} />;
}

/** The notification zone of the main area: the pending, success and error notices of actions. */
export function NotificationZone() {
  return <MessageList zone="main" className={classes.zone} />;
}
