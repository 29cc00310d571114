export { buildServer, type BuildServerOptions } from './server';
export { startServer, type StartServerOptions, type RunningServer } from './start-server';
export { type AppRouter, type SolveInput, type VerifyInput, type JobInput } from './trpc/router';
