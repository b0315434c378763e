import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBug } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { T } from '../../i18n/T.tsx';

interface Props {
  /** The page's path: navigating elsewhere clears the crash screen. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/** The crash screen (spec §2): a render error of a screen, until the user navigates away. */
export class CrashBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Screen crashed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Paper withBorder radius="lg" p="xl" maw={640} role="alert">
        <Stack align="flex-start" gap="sm">
          <ThemeIcon size={48} radius="xl" color="red" variant="light">
            <IconBug size={26} aria-hidden />
          </ThemeIcon>
          <Title order={2} size="h3">
            <T k="crash.title" />
          </Title>
          <Text>
            <T k="crash.hint" />
          </Text>
          <Button variant="default" onClick={() => window.location.reload()}>
            <T k="crash.reload" />
          </Button>
        </Stack>
      </Paper>
    );
  }
}
