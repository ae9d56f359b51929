// `npm start` (`exec node --import tsx src/server/start.ts`) in one process, and that process npm's own
// child: npm passes a SIGTERM (a container's or service manager's stop) on to its child only, and as
// two commands joined by `&&` that child was the shell, which ended and left the server running
// (tests/browser/npm-start.test.ts). Now the server itself gets the signal, stops its background work
// and closes PGlite cleanly. The client is built first when dist/ is missing or older than its sources
// (ensure-client-build.ts), then the portal starts (main.ts).
await import('./ensure-client-build');
await import('./main');

export {};
