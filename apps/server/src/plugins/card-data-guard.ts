import {
  AppError,
  CARD_DATA_FIELDS,
  PCI_ONLINE_BANKING_PATH,
  PCI_QUICK_PAY_TOKENIZE_PATH,
  PCI_TOKENIZE_PATH,
  PCI_VERIFY_PATH,
} from '@vireo/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The card vault's routes: the only ones that may receive card data (architecture.md, card data). */
const CARD_DATA_ROUTES = new Set<string>([
  PCI_TOKENIZE_PATH,
  PCI_VERIFY_PATH,
  PCI_ONLINE_BANKING_PATH,
  // Quick Pay's guest door to the same vault (issue 17 item 6)
  PCI_QUICK_PAY_TOKENIZE_PATH,
]);

/** `card_number`, `CardNumber` and `cardNumber` are the same field. */
const normalize = (key: string) => key.toLowerCase().replace(/[_-]/g, '');
const REFUSED = new Set<string>(CARD_DATA_FIELDS.map(normalize));

/** The dotted path of the first key anywhere in `value` that names card data, or null. Iterative: no deep recursion. */
export function findCardDataField(value: unknown, root = 'body'): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (current === null || typeof current !== 'object' || ArrayBuffer.isView(current)) continue;
    for (const [key, child] of Object.entries(current)) {
      const childPath = `${path}.${key}`;
      if (!Array.isArray(current) && REFUSED.has(normalize(key))) return childPath;
      stack.push([child, childPath]);
    }
  }
  return null;
}

/**
 * "Every other API rejects those fields" (architecture.md, card data): a body (or query) of any route but the card
 * vault's that names a card number, security code or full bank account number is refused with CARD_DATA_REFUSED,
 * before validation and before any handler sees it. The refusal names the field, never its value.
 */
export const cardDataGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (CARD_DATA_ROUTES.has(request.routeOptions.url ?? '')) return;
      const field = findCardDataField(request.body, 'body') ?? findCardDataField(request.query, 'querystring');
      if (field) {
        throw new AppError('CARD_DATA_REFUSED', 'Card data is accepted by the card vault only', {
          fields: [{ path: field, code: 'card_data' }],
        });
      }
    });
  },
  { name: 'card-data-guard' },
);
