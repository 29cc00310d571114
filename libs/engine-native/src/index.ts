/**
 * @svc/engine-native — the C++ engine behind the engine-ts `Engine` interface, its loader,
 * and engine selection (`createEngine`, `SVC_ENGINE`). Build the addon with
 * `nx run engine-native:build`; without it everything falls back to engine-ts.
 */
export { builtWithout, createEngine, TS_ONLY_COMMANDS, type EngineKind, type RoutedEngine } from './create-engine';
export { createNativeEngine, NATIVE_ENGINE_ID } from './native-engine';
export {
  loadNativeAddon,
  nativeLibraryDeclarations,
  nativeLoadFailureLine,
  nativeStatus,
  NATIVE_ADDON_VERSION,
  trimNativeHeap,
  type NativeAddon,
  type NativeLibrary,
  type NativeLibraryDeclaration,
  type NativeLoadResult,
  type NativeOptionsArgs,
  type NativeRawResult,
} from './load-native-addon';
