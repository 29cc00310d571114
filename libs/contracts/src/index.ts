/**
 * @svc/contracts: zod schemas and validation of problems and answers, JSON Schema export and
 * the capabilities manifest. Every failure is an `SvcError` from @svc/errors.
 */
export {
  TAG, SPEC_VERSION, COMMANDS, SERVED_COMMANDS, NOT_AVAILABLE_COMMANDS, LATENCY_BUDGET_COMMANDS,
  PURPOSES, CATALOGUE, NOT_AVAILABLE, isCommandName, isServedCommand,
  type Tag, type CommandName, type ServedCommand, type PlannedCommand, type Stability, type CommandStatus, type CatalogueEntry,
} from './catalogue';
export { SCHEMA_COMMANDS, STABILITY, isSchemaCommand, assertSchemaCommand, type SchemaCommand } from './schema-commands';
export { REGISTRY, type CommandContract, type CommandChecks } from './commands';
export { EFFORTS, DEFAULT_EFFORT, EFFORT_ALIASES, normalizeEffort, type Effort } from './effort';
export {
  LIMITS, CERTAINTY, CERTAINTY_MEANINGS, certaintyMatches, PROOF_KINDS, VERSION_PATTERN, INDEX_KEY_PATTERN, type ProofKind,
} from './limits';
export { ruleSchema, RULE_TYPES, type RuleType, type Rule } from './commands/rules';
export { milpVarSchema, type MilpVar } from './commands/milp';
export {
  inputSchemas, outputShapes, outputSchemas, responseSchemas, FAST_SHAPES,
  type InputOf, type OutputOf, type ResponseOf,
  type RulesInput, type OptimizeInput, type MaxcutInput, type MilpInput, type TspInput,
  type QapInput, type DesignInput, type CoverInput, type SelectInput, type RankInput,
  type QuantumScaleInput, type FeelInput, type WantInput, type SampleInput,
  type RulesOutput, type OptimizeOutput, type MaxcutOutput, type MilpOutput, type TspOutput,
  type QapOutput, type DesignOutput, type SelectOutput, type RankOutput,
  type QuantumScaleOutput, type FeelOutput, type WantOutput, type SampleOutput,
} from './schemas';
export {
  envelopeSchema, usageAlertSchema, observabilitySchema, type Envelope, type UsageAlert, type Observability,
} from './envelope';
export {
  validateProblem, sandboxNeedsN, type ValidateContext, type ValidatedProblem, type ValidatedProblemOf,
} from './validate-problem';
export { parseSolveOptions, SOLVE_QUERY_KEYS, CERTIFICATE_CAP_BYTES, CERTIFICATE_FULL_CAP_BYTES, type CertificateMode, type SolveOptions } from './parse-solve-options';
export { inputJsonSchema, outputJsonSchema, type JsonSchema } from './json-schema';
export {
  capabilitiesManifest, DEFAULT_EXACT_CAPS, COMMAND_LIMITS,
  type CapabilitiesOptions, type CapabilitiesManifest, type CommandCapability,
} from './capabilities-manifest';
export {
  buildOpenApi, sandboxExample, wireSchema, type WireSchemaName,
  type OpenApiDocument, type OpenApiOperation, type OpenApiPathItem, type OpenApiParameter, type OpenApiResponse, type HttpMethod,
} from './openapi';
export { SAMPLE_LIMITS } from './commands/sample';
export { FREQUENCY_LIMITS } from './commands/frequency';
export { RELATION_DECIMAL_PATTERN, RELATION_LIMITS, carriedDigits, readValue, resolveRelation } from './commands/relation';
export { WORLD_LIMITS } from './commands/world';
export { ANSWER_ENCODING, QUANTUM_SCALE_LIMITS, packSpinBits, unpackSpinBits } from './commands/quantum-scale';
export { ERASURE_CONSTRUCTION, ERASURE_LIMITS, MANIFEST_VERSION, base64Bytes, erasureShape, manifestSchema, type ErasureManifest } from './commands/shared/erasure';
export { duplicateKeyMessage, firstDuplicateKey, markPinConflicts, pinConflictsIn, pinConflictsOf, PIN_CONFLICTS, type DuplicateKey } from './pin-conflicts';
export { assertNestingDepth, jsonTextDepth, markRowsOfNumbers } from './internal/depth';
