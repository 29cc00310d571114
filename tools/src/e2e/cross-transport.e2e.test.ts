import { crossTransport } from './cross-transport.suite';

// The conformance table (cross-transport.suite.ts) against one embedded server.
crossTransport('embedded');
