export * from './providers.js';
export * from './locations.js';
export * from './auth.js';
export * from './catalogue.js';
export * from './menus.js';
export * from './ordering.js';
export * from './laps.js';
export * from './admin.js';
