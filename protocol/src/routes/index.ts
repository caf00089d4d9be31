export { CODE_PURPOSE } from './account.js';
export * from './define.js';
export { findRoute, type RouteName, type Routes, routes } from './table.js';
