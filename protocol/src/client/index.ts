export * from './rest.js';
export * from './socket-client.js';
