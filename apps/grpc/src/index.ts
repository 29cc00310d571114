export {
  startGrpcServer, solverImplementation, solverServiceDefinition, loadSolverPackage, servedFileDescriptors, protoPath, protoRoot, maxMessageBytes,
  grpcError, messageCapFor, LOADER_OPTIONS, SERVICE_NAME, SMALL_MESSAGE_BYTES, MESSAGE_ENVELOPE_BYTES, STRUCT_WIRE_FACTOR, DEFAULT_DECODING_BYTES,
  type StartGrpcOptions, type RunningGrpc, type GrpcDoorOptions,
} from './server';
export { GRPC_STATUS, PROBLEM_METADATA_KEY } from './status-codes';
export { toStruct, fromStruct, toValue, fromValue, type PbStruct, type PbValue } from './struct';
export { solverClient, problemOf, type GrpcReply, type SolveMessage } from './client';
export { encodeStatusDetails, decodeStatusDetails, STATUS_DETAILS_KEY, STRUCT_TYPE_URL } from './status-details';
export { type CallLog } from './call-interceptor';
export { ECHO_CHARS } from './problem-trailers';
