export {
  createClient, DEFAULT_BASE_URL,
  type Client, type ClientOptions, type ClientResult, type SolveOptions, type SolveResult,
  type JobRecord, type SandboxInfo,
} from './create-client';
export { withTag, PROBLEM_TAG } from './with-tag';
export { normalizeEffort, EFFORTS, type Effort } from './normalize-effort';
export { defaultUserAgent, CLIENT_VERSION } from './user-agent';
