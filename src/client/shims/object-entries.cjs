/**
 * `object.entries` for the browser build: node-polyglot (react-admin's translator) requires this
 * ES2017 polyfill, which pulls about 40 KB of intrinsics helpers (get-intrinsic, call-bind, …) into
 * every page. Every browser the portal supports has `Object.entries`; vite.config.ts aliases the
 * package here (CommonJS, as node-polyglot requires it).
 */
module.exports = Object.entries;
