// filled in by the gRPC door
