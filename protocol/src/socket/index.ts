export * from './frames.js';
export * from './topics.js';
