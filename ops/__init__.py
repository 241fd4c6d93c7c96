"""Operations: metrics, log context, the client address, profiling and the health checks."""
