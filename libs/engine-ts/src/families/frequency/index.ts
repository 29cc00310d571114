/**
 * @svc/engine-ts/families/frequency — what other libs use of the frequency family (the service's
 * adapter, engine-native's tests, the bench): its problem and peaks layout, canonical form, windows,
 * the FFT, the independent evaluator, budget and record.
 */
export { FREQUENCY_MAX_TOP, FREQUENCY_PEAK_FIELDS, peaksOf, type FrequencyPeak, type FrequencyProblem } from './problem';
export { canonicalFrequency } from './canonical';
export { FREQUENCY_WINDOWS, windowIndex, windowSamples, type FrequencyWindow } from './window';
export { fftInPlace, ifftInPlace, planFft, planRealFft, realFft, smoothAtLeast, fftRadices, type FftPlan, type RealFftPlan } from './fft';
export { evaluateFrequency, toneAmplitudeAt, FREQUENCY_SCORE } from './evaluate';
export { frequencyBudgetFor, type FrequencyBudget } from './budget';
export { analyseFrequency, fittedTones, solveFrequency } from './solve';
export { FREQUENCY_FAMILY } from './family';
