export {
  startGrpcServer, solverImplementation, loadSolverPackage, protoPath, grpcError, LOADER_OPTIONS, SERVICE_NAME, DEADLINE_MARGIN_MS,
  type StartGrpcOptions, type RunningGrpc, type GrpcDoorOptions,
} from './server';
export { GRPC_STATUS, PROBLEM_METADATA_KEY } from './status-codes';
export { toStruct, fromStruct, toValue, fromValue, type PbStruct, type PbValue } from './struct';
export { solverClient, problemOf, type GrpcReply, type SolveMessage } from './client';
export { encodeStatusDetails, decodeStatusDetails, STATUS_DETAILS_KEY, STRUCT_TYPE_URL } from './status-details';
