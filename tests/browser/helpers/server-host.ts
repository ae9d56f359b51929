import { type RunningServer, startServer } from '../../../src/server/serve';

/**
 * One process that runs the browser suite's servers one after the other (`startPortal` in
 * ./portal-server.ts keeps one per vitest worker): each file still gets its own server — its own
 * port, data directory copy, database, app, background work and settings — but not its own Node
 * process, whose start (module loading, WebAssembly and validator compiling, a cold JIT) was most of
 * a file's server CPU (bench/README.md, "CI time"). Messages from the parent:
 * - `{ type: 'start', env }` — `process.env` becomes `env` (the settings some modules read when
 *   used, such as UPLOAD_PAUSE_MINUTES, follow it), then the server starts; answers `started` or
 *   `failed` with the error;
 * - `{ type: 'stop' }` — the server stops as `npm start` stops on a signal; answers `stopped`.
 * The process ends with its parent (the IPC channel's disconnect).
 */
type Message = { type: 'start'; env: Record<string, string> } | { type: 'stop' };

let running: RunningServer | undefined;
const send = (message: object) => process.send?.(message);

process.on('message', (message: Message) => {
  void (async () => {
    if (message.type === 'start') {
      if (running) return send({ type: 'failed', error: 'a server is running already' });
      for (const key of Object.keys(process.env)) if (!(key in message.env)) delete process.env[key];
      Object.assign(process.env, message.env);
      try {
        running = await startServer(process.env);
        send({ type: 'started' });
      } catch (error) {
        send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      }
    } else if (message.type === 'stop') {
      const server = running;
      running = undefined;
      try {
        await server?.close();
        send({ type: 'stopped' });
      } catch (error) {
        send({ type: 'failed', error: String(error) });
      }
    }
  })();
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
