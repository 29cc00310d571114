/**
 * @svc/contracts: zod schemas and validation of problems and answers, JSON Schema export and
 * the capabilities manifest. Every failure is an `SvcError` from @svc/errors.
 */
export {
  TAG, SPEC_VERSION, COMMANDS, SCHEMA_COMMANDS, STABILITY, LATENCY_BUDGET_COMMANDS, PURPOSES,
  isCommandName, isSchemaCommand, assertSchemaCommand,
  type Tag, type CommandName, type SchemaCommand, type Stability,
} from './commands';
export { EFFORTS, DEFAULT_EFFORT, EFFORT_ALIASES, normalizeEffort, type Effort } from './effort';
export {
  LIMITS, DEFAULT_EXACT_CAPS, CERTAINTY, PROOF_KINDS, VERSION_PATTERN, INDEX_KEY_PATTERN, type ProofKind,
} from './limits';
export {
  inputSchemas, ruleSchema, milpVarSchema, RULE_TYPES,
  type InputOf, type RuleType, type Rule, type MilpVar,
  type RulesInput, type OptimizeInput, type MaxcutInput, type MilpInput, type TspInput,
  type QapInput, type DesignInput, type SelectInput, type RankInput,
} from './input-schemas';
export {
  outputShapes, outputSchemas, envelopeSchema, responseSchemas, usageAlertSchema, observabilitySchema,
  type Envelope, type UsageAlert, type Observability, type OutputOf, type ResponseOf,
  type RulesOutput, type OptimizeOutput, type MaxcutOutput, type MilpOutput, type TspOutput,
  type QapOutput, type DesignOutput, type SelectOutput, type RankOutput,
} from './output-schemas';
export {
  validateProblem, type ValidateContext, type ValidatedProblem, type ValidatedProblemOf,
} from './validate-problem';
export { parseSolveOptions, SOLVE_QUERY_KEYS, type SolveOptions } from './parse-solve-options';
export { inputJsonSchema, outputJsonSchema, type JsonSchema } from './json-schema';
export {
  capabilitiesManifest,
  type CapabilitiesOptions, type CapabilitiesManifest, type CommandCapability,
} from './capabilities-manifest';
export {
  buildOpenApi,
  type OpenApiDocument, type OpenApiOperation, type OpenApiPathItem, type OpenApiParameter, type OpenApiResponse, type HttpMethod,
} from './openapi';
export { type FeelInput, type WantInput, type SampleInput } from './input-schemas';
export { type FeelOutput, type WantOutput, type SampleOutput } from './output-schemas';
export { SAMPLE_LIMITS } from './sample-schema';
export {
  ANSWER_ENCODING, QUANTUM_SCALE_LIMITS, packSpinBits, unpackSpinBits,
} from './quantum-scale-schema';
export { type QuantumScaleInput } from './input-schemas';
export { type QuantumScaleOutput } from './output-schemas';
export { markPinConflicts, pinConflictsIn, pinConflictsOf, PIN_CONFLICTS } from './pin-conflicts';
