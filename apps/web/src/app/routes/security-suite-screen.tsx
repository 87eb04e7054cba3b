import { SecuritySuitePage } from '../../features/services/components/security-pages';
import { useLoadingIndicatorControls } from '../layouts/loading-indicator';

/**
 * `/security-suite`: the services feature's page, which keeps the loading indicator on after the navigation (spec §4)
 * until it knows what the account's plan holds.
 */
export function SecuritySuiteScreen() {
  const { hide } = useLoadingIndicatorControls();
  return <SecuritySuitePage onReady={hide} />;
}
