import type { Wallet } from '@vireo/shared';
import type { ReactNode } from 'react';
import { isForbidden } from '../../../components/ui/api-errors';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { PanelSkeleton } from '../../../components/ui/loading';
import { refusalBodyId } from '../../../components/ui/refusal';
import { useWallet } from '../../../entities/api/get-wallet';

/** The saved methods, once loaded; "Payment Methods Unavailable" in place when they cannot be (spec §8). */
export function WalletGate({ children }: { children: (wallet: Wallet) => ReactNode }) {
  const wallet = useWallet();
  if (wallet.isError && !wallet.data) {
    return (
      <ErrorNotice
        headingLevel={3}
        titleId="wallet.errors.load.title"
        bodyId={refusalBodyId(wallet.error) ?? 'wallet.errors.load.body'}
        onRetry={isForbidden(wallet.error) ? undefined : () => void wallet.refetch()}
        isRetrying={wallet.isFetching}
      />
    );
  }
  if (!wallet.data) return <PanelSkeleton />;
  return <>{children(wallet.data)}</>;
}
