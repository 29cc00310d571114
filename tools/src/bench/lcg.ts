/** The seeded generator of bench instances: engine-ts testing's (the behaviour dump's instances use it too). */
export { lcg } from '@svc/engine-ts/testing/lcg';
