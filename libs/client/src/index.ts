export {
  createClient, DEFAULT_BASE_URL, DEFAULT_MAX_RETRY_WAIT_MS, AGENT_CARD_PATH, SVCB_MEDIA_TYPE, type RetryInfo,
  type Client, type ClientOptions, type ClientResult, type QueryOptions, type SolveOptions, type FollowOptions,
  type PreparedRequest, type SolveResult, type JobRecord, type SandboxInfo, type CredentialKind,
} from './create-client';
export { withTag, PROBLEM_TAG } from './with-tag';
export { normalizeEffort, EFFORTS, type Effort } from './normalize-effort';
export { defaultUserAgent, CLIENT_VERSION, type AgentInfo } from './user-agent';
export { encodeSvcb, SVCB_COMMANDS, type SvcbEncoding } from './encode-svcb';
