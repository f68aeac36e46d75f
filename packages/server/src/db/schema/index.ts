export * from './accounts.js';
export * from './alerts.js';
export * from './billing.js';
export * from './blobs.js';
export * from './hours.js';
export * from './mail.js';
export * from './settings.js';
export * from './wiki.js';
