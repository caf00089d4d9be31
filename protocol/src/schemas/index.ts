export * from './content.js';
export * from './explain.js';
export * from './market.js';
export * from './order.js';
export * from './primitives.js';
export * from './user.js';
export * from './verification.js';
export * from './wallet.js';
