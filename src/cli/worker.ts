/** The entry of a worker thread of `--threads` (threads/pool.ts starts it; threads/serve.ts is its work). */
import { parentPort, workerData } from 'node:worker_threads';
import { serve, type WorkerData } from './threads/serve.js';

if (parentPort !== null) void serve(parentPort, workerData as WorkerData);
