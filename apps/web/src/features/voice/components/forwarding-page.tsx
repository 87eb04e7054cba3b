import type { MessageId } from '../../../messages';
import { ForwardingEditor } from './forwarding-editor';
import { LineFrame } from './line-frame';
import { RuleSimulator } from './rule-simulator';

/**
 * Forwarding (issue 19 item 7, wider-portal.md §6) at its two addresses: the voice manager's
 * `/voice/forwarding-manager` and the services' `/services/voice/call-forwarding` (spec §2.1), the same page. Each line's
 * settings, then the rule simulator over what is saved.
 */
function ForwardingPage({ titleId }: { titleId: MessageId }) {
  return (
    <LineFrame titleId={titleId} introId="voice.forwarding.intro">
      {(line) => (
        <div className="flex flex-col gap-6">
          <ForwardingEditor line={line} />
          <RuleSimulator line={line} />
        </div>
      )}
    </LineFrame>
  );
}

export const ForwardingManagerPage = () => <ForwardingPage titleId="pages.forwardingManager" />;
export const CallForwardingPage = () => <ForwardingPage titleId="pages.callForwarding" />;
