/** A worker thread of `--threads`: see threads.ts. */
import { parentPort, workerData } from 'node:worker_threads';
import { serve, type WorkerData } from './threads.js';

if (parentPort !== null) void serve(parentPort, workerData as WorkerData);
