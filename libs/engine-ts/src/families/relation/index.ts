/** @svc/engine-ts/families/relation — the relation family's public surface (imported by the service, engine-native's tests and the bench). */
export { RELATION_ENGINE_LIMITS, RELATION_STOPS, type RelationProblem, type RelationStop } from './problem';
export { RELATION_DECIMAL_PATTERN, canonicalRelation, checkRelationProblem, parseWritten, problemValues, valueText, type Dec, type RelationInput, type WrittenDecimal } from './canonical';
export { adjustedExponent, checkRelation, decAdd, decPow, pow10, powerTerms, provenNonzero, sliceTerms, taylorRadius, valueTerms, type RelationCheck, type RelationTerms } from './exact';
export { IRREDUCIBILITY_PRIMES, provenIrreducible } from './irreducible';
export { EMBEDDING_DELTA, embeddingSearch, gramSchmidtFloor, type EmbeddingOutcome } from './embedding';
export { boundOf, decidableNorm, digitBits, fdiv, pslq, pslqIterationCap, PSLQ_GUARD_BITS, type PslqOutcome } from './pslq';
export { evaluateRelation, RELATION_SCORE } from './evaluate';
export { embeddingSlack, findRelation, fixedTerms, normaliseRelation, relationResult, solveRelation, type RelationOutcome } from './solve';
export { relationWork } from './budget';
export { RELATION_FAMILY } from './family';
