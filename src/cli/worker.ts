/** The entry of a worker thread of `--threads` (threads/pool.ts and threads/files.ts start them; serve.ts and files.ts are their work). */
import { parentPort, workerData } from 'node:worker_threads';
import { type FilesWorkerData, serveFiles } from './threads/files.js';
import { serve, type WorkerData } from './threads/serve.js';

if (parentPort !== null) {
  if ((workerData as { links?: true }).links === true) void serveFiles(parentPort, workerData as FilesWorkerData);
  else void serve(parentPort, workerData as WorkerData);
}
