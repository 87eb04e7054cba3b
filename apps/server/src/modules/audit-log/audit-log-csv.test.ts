import { AUDIT_ACTIONS, auditAreaOf } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { translator } from '../../messages/intl';
import { actionMessageId } from './audit-log-csv';

describe('the audit log CSV words (issue 18 item 6: no raw codes)', () => {
  it.each(AUDIT_ACTIONS)('names %s in English and Spanish, never "Other change"', (action) => {
    const id = actionMessageId(action);
    expect(id).not.toBe('audit.action.other');
    expect(translator('en')(id)).not.toBe(translator('es')(id));
  });

  it('files each action under an area of its own prefix, none under the catch-all', () => {
    expect(AUDIT_ACTIONS.filter((action) => auditAreaOf(action) === 'account')).toEqual([]);
  });

  it('reads an action a newer server wrote as "Other change"', () => {
    expect(actionMessageId('voice.forwarding_changed')).toBe('audit.action.other');
  });
});
