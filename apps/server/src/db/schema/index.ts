export * from './accounts';
export * from './billing';
export * from './enums';
export * from './identity';
export * from './mobile';
export * from './payments';
export * from './platform';
export * from './vault';
