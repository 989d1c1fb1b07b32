export * from './accounts';
export * from './messaging';
