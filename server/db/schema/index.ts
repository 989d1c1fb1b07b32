export * from './accounts';
export * from './messaging';
export * from './setup';
