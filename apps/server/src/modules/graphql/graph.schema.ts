import { ACCOUNTS_PATH, AppError, PageQuerySchema, SERVICES_PATH, STATEMENTS_PATH } from '@vireo/shared';
import type { GraphQLSchema } from 'graphql';
import type { Clock } from '../../platform/clock';
import type { AccountService } from '../account/account.service';
import { type BillingService, statementsVisibleOn } from '../billing/billing.service';
import type { ServicesService } from '../services/services.service';
import {
  argsOf,
  type FieldAccess,
  given,
  newBuilder,
  PAGE_ARG_NAMES,
  type PageInfo as PageInfoShape,
  pageInfoOf,
  pageInfoRef,
  readerOf,
} from './fields';

/**
 * Each field of `/selfservice/graph` (spec §7.2) with the capability it needs: the one of the REST route it mirrors
 * (`mirrors`), so one role x resource matrix holds for both (graphql.int.test.ts reads the authorization matrix).
 */
export const GRAPH_FIELDS = {
  account: { access: 'account.view', mirrors: `GET ${ACCOUNTS_PATH}` },
  getServices: { access: 'account.view', mirrors: `GET ${SERVICES_PATH}` },
  statements: { access: 'billing.view', mirrors: `GET ${STATEMENTS_PATH}` },
} as const satisfies Record<string, FieldAccess>;

/** Where a person activates a service (spec §7.2 `serviceActivationUri`): the portal's services page. */
const SERVICE_ACTIVATION_URI = '/services';

type Deps = { account: AccountService; services: ServicesService; billing: BillingService; clock: Clock };

/** The signed-in endpoint's schema: the viewer's account, its services (`getServices`) and statements. */
export function buildGraphSchema({ account, services, billing, clock }: Deps): GraphQLSchema {
  const builder = newBuilder();

  const Address = builder.objectRef<{ addressLine1: string; city: string; state: string; zip: string }>('Address');
  Address.implement({
    fields: (t) => ({
      addressLine1: t.exposeString('addressLine1'),
      city: t.exposeString('city'),
      state: t.exposeString('state'),
      zip: t.exposeString('zip'),
    }),
  });

  const Account = builder.objectRef<Awaited<ReturnType<AccountService['getAccountInfo']>>>('Account');
  Account.implement({
    description: 'The signed-in user’s business account (spec §3 account info).',
    fields: (t) => ({
      companyName: t.exposeString('companyName'),
      accountNumber: t.exposeString('accountId'),
      isDelinquent: t.exposeBoolean('isDelinquent'),
      pastDueAmountCents: t.exposeInt('pastDueAmountCents'),
      pendingPaymentAmountCents: t.exposeInt('pendingPaymentAmountCents'),
      softDisconnectDate: t.exposeString('softDisconnectDate', { nullable: true }),
      serviceAddress: t.expose('serviceAddress', { type: Address }),
      billToAddress: t.expose('billToAddress', { type: Address }),
    }),
  });

  type ServiceRow = Awaited<ReturnType<ServicesService['getServices']>>['services'][number];
  const Service = builder.objectRef<ServiceRow>('Service');
  Service.implement({
    fields: (t) => ({
      key: t.exposeString('key'),
      status: t.exposeString('status'),
      plans: t.exposeStringList('plans'),
      lineCount: t.exposeInt('lineCount', { nullable: true }),
    }),
  });

  type ServicesResult = {
    services: ServiceRow[];
    code: string;
    message: string;
    canActivateServices: boolean;
    serviceActivationUri: string;
  };
  const GetServicesResult = builder.objectRef<ServicesResult>('GetServicesResult');
  GetServicesResult.implement({
    description:
      'spec §7.2 getServices: the account’s services, a result code and message, and where to activate more.',
    fields: (t) => ({
      services: t.expose('services', { type: [Service] }),
      code: t.exposeString('code'),
      message: t.exposeString('message'),
      canActivateServices: t.exposeBoolean('canActivateServices'),
      serviceActivationUri: t.exposeString('serviceActivationUri'),
    }),
  });

  type StatementRow = Awaited<ReturnType<BillingService['history']['statements']>>['items'][number];
  const Statement = builder.objectRef<StatementRow>('Statement');
  Statement.implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      statementDate: t.exposeString('statementDate'),
      dueDate: t.exposeString('dueDate'),
      periodStart: t.exposeString('periodStart'),
      periodEnd: t.exposeString('periodEnd'),
      totalDueCents: t.exposeInt('totalDueCents'),
      newChargesCents: t.exposeInt('newChargesCents'),
    }),
  });
  const PageInfo = pageInfoRef(builder);
  const StatementConnection = builder.objectRef<{ nodes: StatementRow[]; pageInfo: PageInfoShape }>(
    'StatementConnection',
  );
  StatementConnection.implement({
    description: 'A page of statements, newest first; pass pageInfo.endCursor as `after` for the next.',
    fields: (t) => ({
      nodes: t.expose('nodes', { type: [Statement] }),
      pageInfo: t.expose('pageInfo', { type: PageInfo }),
    }),
  });

  builder.queryType({
    fields: (t) => ({
      account: t.field({
        type: Account,
        resolve: (_root, _args, context) => account.getAccountInfo(readerOf(context, GRAPH_FIELDS.account).accountId),
      }),
      getServices: t.field({
        type: GetServicesResult,
        resolve: async (_root, _args, context) => {
          const reader = readerOf(context, GRAPH_FIELDS.getServices);
          const { services: rows } = await services.getServices(reader);
          return {
            services: rows,
            code: rows.length > 0 ? 'SERVICES_FOUND' : 'NO_SERVICES',
            message: rows.length > 0 ? `${rows.length} services` : 'The account has no services',
            canActivateServices: reader.capabilities.includes('services.manage') && !reader.account.isEnterprise,
            serviceActivationUri: SERVICE_ACTIVATION_URI,
          };
        },
      }),
      statements: t.field({
        type: StatementConnection,
        args: {
          first: t.arg.int({ required: false, description: '1-100, 12 by default' }),
          after: t.arg.string({ required: false }),
        },
        resolve: async (_root, args, context) => {
          const { account: row } = readerOf(context, GRAPH_FIELDS.statements);
          // as the REST route: enterprise accounts are billed on the enterprise site (product-decisions.md)
          if (row.isEnterprise) throw new AppError('BILLING_SUPPRESSED', 'enterprise billing site');
          const query = argsOf(PageQuerySchema, given({ limit: args.first, cursor: args.after }), PAGE_ARG_NAMES);
          const page = await billing.history.statements(row.id, {
            ...query,
            visibleOn: statementsVisibleOn(clock.today(row.timeZone)),
          });
          return { nodes: page.items, pageInfo: pageInfoOf(page) };
        },
      }),
    }),
  });
  return builder.toSchema();
}
