// The worker thread's entry: TypeScript through tsx (as the main thread under `node --import tsx`).
import { register } from 'tsx/esm/api';

register();
await import('./einvoice-worker.ts');
