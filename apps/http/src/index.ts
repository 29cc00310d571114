export { buildServer, type BuildServerOptions } from './server';
export { startServer, type StartServerOptions, type RunningServer } from './start-server';
