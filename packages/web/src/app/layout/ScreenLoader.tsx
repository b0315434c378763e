import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react';
import { T } from '../../i18n/T.tsx';
import { Spinner } from '../../widgets/Spinner.tsx';
import { ChunkLoadError, isChunkFailure, LoaderTimeoutError } from '../lazy-screen.ts';

interface State {
  error: Error | null;
}

/**
 * Spec §8: 'Loader timed out!' when a screen's code is too long to come, with 'Loading chunk N
 * failed' once its 120 s are over; 'Error! Component failed to load' with 'Loading chunk N
 * failed' when the download of chunk N failed.
 */
class ScreenLoadBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Screen failed to load', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    // Render errors of a loaded screen belong to the crash screen.
    if (!isLoadError(error)) throw error;
    return (
      <Alert color="red" variant="outline" icon={<IconAlertTriangle aria-hidden />} role="alert" maw={640}>
        <Stack gap="sm" align="flex-start">
          <T k={error instanceof LoaderTimeoutError ? 'screen.loaderTimedOut' : 'screen.loadFailed'} />
          {(error instanceof ChunkLoadError || error instanceof LoaderTimeoutError) && (
            <Text size="sm">
              <T k="screen.chunkFailed" values={{ chunk: error.chunk }} />
            </Text>
          )}
          <Button variant="default" size="xs" onClick={() => window.location.reload()}>
            <T k="screen.reload" />
          </Button>
        </Stack>
      </Alert>
    );
  }
}

function isLoadError(error: Error): boolean {
  return error instanceof LoaderTimeoutError || error instanceof ChunkLoadError || isChunkFailure(error);
}

/** `fallback` is drawn while the code comes (a spinner unless told otherwise). */
export function ScreenLoader({ children, fallback = <Spinner /> }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <ScreenLoadBoundary>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ScreenLoadBoundary>
  );
}
