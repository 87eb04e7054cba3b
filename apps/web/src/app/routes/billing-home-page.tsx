import { useBillingSummary } from '../../features/billing/api/get-billing-summary';
import { BillingHome } from '../../features/billing/components/billing-home';
import { FlagsBoundary } from '../../features/flags/flags-boundary';
import { useFlag } from '../../features/flags/use-flag';
import { BillingConfigProvider } from './billing-screen';

function BillingHomeWithFlags() {
  // spec §7.1: the soft-disconnect date is asked for only while the softDisconnect flag is on.
  const softDisconnect = useFlag('softDisconnect');
  return <BillingHome softDisconnectEnabled={softDisconnect} />;
}

/** `/billing`: the billing feature's home, given the flag it depends on (features do not import each other). */
export function BillingHomePage() {
  // The balance loads while the flags do (FlagsBoundary suspends until they are there).
  useBillingSummary();
  return (
    <BillingConfigProvider>
      <FlagsBoundary>
        <BillingHomeWithFlags />
      </FlagsBoundary>
    </BillingConfigProvider>
  );
}
