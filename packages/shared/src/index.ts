export * from './constants';
export * from './dates';
export * from './env';
export * from './errors';
export * from './money';
export * from './roles';
export * from './rules/billing';

export * from './flags';
export * from './schemas/account';
export * from './schemas/session';
export * from './schemas/meta';
