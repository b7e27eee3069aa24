import Glibc

/// The calling thread's CPU time, seconds: what a stage run on it cost, whatever the process's
/// other threads (decoding, the other stage) did meanwhile on the other cores.
func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + 1e-9 * Double(now.tv_nsec)
}
