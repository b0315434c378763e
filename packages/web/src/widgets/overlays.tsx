import { Drawer, Modal } from '@mantine/core';
import { type ReactNode, useSyncExternalStore } from 'react';

/** The layout's one dialog and one drawer (spec §2), opened from anywhere. */
interface Overlay {
  title: ReactNode;
  content: ReactNode;
}

interface OverlayState {
  dialog: Overlay | null;
  drawer: Overlay | null;
}

let state: OverlayState = { dialog: null, drawer: null };
const listeners = new Set<() => void>();

function publish(next: OverlayState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function openDialog(overlay: Overlay): void {
  publish({ ...state, dialog: overlay });
}

export function openDrawer(overlay: Overlay): void {
  publish({ ...state, drawer: overlay });
}

export function closeDialog(): void {
  publish({ ...state, dialog: null });
}

export function closeDrawer(): void {
  publish({ ...state, drawer: null });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function OverlayHost({ closeLabel }: { closeLabel: string }) {
  const { dialog, drawer } = useSyncExternalStore(subscribe, () => state);
  return (
    <>
      <Modal
        opened={dialog !== null}
        onClose={closeDialog}
        title={dialog?.title}
        centered
        closeButtonProps={{ 'aria-label': closeLabel }}
      >
        {dialog?.content}
      </Modal>
      <Drawer
        opened={drawer !== null}
        onClose={closeDrawer}
        title={drawer?.title}
        position="right"
        size="md"
        closeButtonProps={{ 'aria-label': closeLabel }}
      >
        {drawer?.content}
      </Drawer>
    </>
  );
}
