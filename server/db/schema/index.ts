export * from './accounts';
export * from './messaging';
export * from './setup';
export * from './wallet';
export * from './sandbox-gateway';
export * from './orders';
export * from './uploads';
