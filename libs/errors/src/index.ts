export { ERRORS, ERROR_CODES, isErrorCode, type ErrorCode, type ErrorSpec, type ActionName } from './catalogue';
export {
  SvcError, isSvcError, toSvcError, isStorageFault, STORAGE_RETRY_AFTER_SECONDS, isStoreUnavailableFault, STORE_UNAVAILABLE_RETRY_AFTER_SECONDS, problemDocument, errorTypeUrl, localProblemDocument, withoutServiceStatus, fromProblemDocument, nextActionsFor,
  PROBLEM_CONTENT_TYPE, DEFAULT_DOCS_URL,
  type SvcErrorOptions, type ProblemDocument, type NextAction,
} from './svc-error';
export { EXIT, EXIT_CODES, exitCodeFor, type ExitCode } from './exit-codes';
export { createFaultLog, type FaultLog } from './fault-log';
export { errorIndexHtml, errorIndexMarkdown, errorPageHtml, errorPageMarkdown } from './error-pages';
