import type { MessageId } from './index';

// Typed message ids: `formatMessage({ id })` and `<FormattedMessage id>` accept only keys of the English catalog (en.ts).
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
