import type { ComponentType } from 'react';
import { useLoadingIndicatorControls } from '../layouts/loading-indicator';
import type { ScreenComponent } from '../screens';

/**
 * A feature's screen that keeps the loading indicator on after the navigation until it knows enough to show
 * (spec §4: `/security-suite`): the screen calls `onReady`. Features do not import app/; app/ joins them. The screen
 * arrives in its own chunk (screens.ts `readyScreen`): this module names none of its messages.
 */
export function withReady(Screen: ComponentType<{ onReady: () => void }>): ScreenComponent {
  return function ReadyScreen() {
    const { hide } = useLoadingIndicatorControls();
    return <Screen onReady={hide} />;
  };
}
